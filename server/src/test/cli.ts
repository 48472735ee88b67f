import { type ChildProcess, spawn } from 'node:child_process';

export type CliRun = { code: number | null; out: string };

/**
 * A command-line tool (`npm run setup`, `npm run import`) as a child process, its output kept;
 * `started` sees the child at once (to kill it halfway).
 */
export function runCli(
  file: string,
  args: string[],
  env: Record<string, string>,
  options: { input?: string; started?: (child: ChildProcess, output: () => string) => void } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        VITEST: '',
        SEED_DEMO: 'never',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? -1 : null), out }));
    child.stdin.end(options.input ?? '');
    options.started?.(child, () => out);
  });
}
