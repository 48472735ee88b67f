import readline from 'node:readline';

/**
 * Questions on the terminal for the command-line tools (`npm run setup`, `npm run import`), with
 * node:readline (docs/decisions/0084-first-start-by-a-setup-command.md: no prompt library). Lines
 * are read through one queue, so answers piped in all at once are not lost between questions;
 * on a terminal a secret is not echoed.
 */
export class Prompt {
  private readonly rl: readline.Interface;
  private readonly lines: AsyncIterator<string>;
  private muted = false;
  readonly terminal: boolean;

  constructor(
    input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {
    this.terminal = Boolean((input as { isTTY?: boolean }).isTTY);
    this.rl = readline.createInterface({ input, output, terminal: this.terminal });
    // Typed characters of a secret are not written back to the terminal.
    const rl = this.rl as unknown as { _writeToOutput(text: string): void };
    const write = rl._writeToOutput.bind(rl);
    rl._writeToOutput = (text: string) => {
      if (!this.muted || text.includes('\n')) write(this.muted ? '\n' : text);
    };
    this.lines = this.rl[Symbol.asyncIterator]();
  }

  /** One line; `fallback` when the answer is empty. Throws when the input has ended. */
  async ask(question: string, fallback = ''): Promise<string> {
    this.output.write(fallback ? `${question} [${fallback}]: ` : `${question}: `);
    const next = await this.lines.next();
    if (next.done) throw new InputEnded();
    const answer = next.value.trim();
    return answer === '' ? fallback : answer;
  }

  /** A line that is not echoed on a terminal (a password). */
  async secret(question: string): Promise<string> {
    this.output.write(`${question}: `);
    this.muted = true;
    try {
      const next = await this.lines.next();
      if (next.done) throw new InputEnded();
      return next.value;
    } finally {
      this.muted = false;
      if (!this.terminal) this.output.write('\n');
    }
  }

  async yes(question: string, fallback: boolean): Promise<boolean> {
    for (;;) {
      const answer = (await this.ask(`${question} (y/n)`, fallback ? 'y' : 'n')).toLowerCase();
      if (['y', 'yes', 'a', 'ano'].includes(answer)) return true;
      if (['n', 'no', 'ne'].includes(answer)) return false;
      this.output.write('Answer y or n.\n');
    }
  }

  close(): void {
    this.rl.close();
  }
}

export class InputEnded extends Error {
  constructor() {
    super('The input ended before every question was answered.');
  }
}

/** `--name value` and `--name=value` flags; `--flag` alone is "true". */
export function parseFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument: ${arg}`);
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags.set(arg.slice(2), argv[++i]!);
    else flags.set(arg.slice(2), 'true');
  }
  return flags;
}
