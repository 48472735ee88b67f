/**
 * The old system, read through the API this server answers too (docs/domain.md §1.7;
 * docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md): sign in like the README's
 * curl lines (any call sets `csrftoken_new`, the sign-in sends it back in X-CSRFTOKEN), then GETs
 * with the session cookie. A call that fails (a 5xx, a timeout, a refused connection) is tried
 * again twice, then reported as a `ReadFailure` for the caller to note and pass over.
 */
export class ReadFailure extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

export type OldSystemOptions = { timeoutMs?: number; retries?: number };

export class OldSystem {
  private readonly jar = new Map<string, string>();
  readonly base: string;
  private readonly timeoutMs: number;
  private readonly retries: number;

  constructor(url: string, options: OldSystemOptions = {}) {
    const base = new URL(url);
    if (base.protocol !== 'http:' && base.protocol !== 'https:')
      throw new Error(`Not an http(s) address: ${url}`);
    this.base = base.origin + base.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = options.retries ?? 2;
  }

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.jar.get('csrftoken_new');
    if (method !== 'GET' && csrf) headers['x-csrftoken'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  async signIn(username: string, password: string): Promise<void> {
    await (await this.send('GET', '/config')).arrayBuffer();
    const answer = await this.send('POST', '/auth/login', { username, password });
    const text = await answer.text();
    if (answer.status !== 200)
      throw new Error(`The old system refused the sign-in (${answer.status}): ${text.slice(0, 200)}`);
  }

  /** A GET answered with JSON; retried on 5xx, timeouts and network errors. */
  async get<T = unknown>(path: string): Promise<T> {
    return (await this.answered(path, (answer) => answer.json())) as T;
  }

  /** The bytes of a file (a customer's, an order's or a haul's upload), retried like `get`. */
  async download(path: string): Promise<Buffer> {
    return Buffer.from(await this.answered(path, (answer) => answer.arrayBuffer()));
  }

  private async answered<T>(path: string, body: (answer: Response) => Promise<T>): Promise<T> {
    let last = '';
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      try {
        const answer = await this.send('GET', path);
        if (answer.status === 200) return await body(answer);
        last = `HTTP ${answer.status}`;
        await answer.arrayBuffer();
        if (answer.status < 500) break;
      } catch (error) {
        last =
          error instanceof Error
            ? error.name === 'TimeoutError'
              ? 'timed out'
              : error.message
            : String(error);
      }
    }
    throw new ReadFailure(path, last);
  }
}
