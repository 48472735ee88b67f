import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Real server processes (`server/src/main.ts`) for the scale-out tests and the fault bench
 * (decision 0045), and a client that signs in over HTTP like the browser does.
 */
const mainFile = path.resolve(import.meta.dirname, '../main.ts');

export type ServerProcess = {
  port: number;
  base: string;
  child: ChildProcess;
  /** The process's log lines (JSON from pino, plus its start-up messages). */
  lines: string[];
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string | null>;
  /** SIGTERM (a clean stop) or SIGKILL (`kill -9`). */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  /** How long to wait for /api/health to answer 200. */
  readyMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      LOG_LEVEL: 'info',
      SEED_DEMO: 'never',
      WEB_DIST: '/nonexistent',
      // Tests and vitest's own variables are not the server's.
      NODE_ENV: 'production',
      VITEST: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const base = `http://127.0.0.1:${options.port}`;
  const server: ServerProcess = {
    port: options.port,
    base,
    child,
    lines,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + (options.readyMs ?? 60_000);
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (Date.now() < deadline && !ended) {
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop('SIGKILL');
  throw new Error(`server on :${options.port} did not start:\n${lines.slice(-20).join('\n')}`);
}

export type HttpAnswer = { status: number; body: string; json<T = unknown>(): T };

/** A browser-like client over HTTP: a cookie jar, and X-CSRFTOKEN on every change. */
export class HttpClient {
  readonly jar = new Map<string, string>();
  constructor(
    public base: string,
    public timeoutMs = 10_000,
  ) {}

  /** The same cookies (session, CSRF token) sent to another server process. */
  at(base: string): HttpClient {
    const other = new HttpClient(base, this.timeoutMs);
    for (const [k, v] of this.jar) other.jar.set(k, v);
    return other;
  }

  async request(method: string, url: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = {
      cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const csrf = this.jar.get('csrftoken_new');
    if (csrf && method !== 'GET') headers['x-csrftoken'] = csrf;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: text, json: <T>() => JSON.parse(text) as T };
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body);
  }
  put(url: string, body?: unknown) {
    return this.request('PUT', url, body);
  }

  /** Gets the CSRF cookie, then signs in; answers the login's status. */
  async login(username: string, password = 'demo'): Promise<number> {
    await this.get('/api/auth/user');
    return (await this.post('/api/auth/login', { username, password })).status;
  }
}
