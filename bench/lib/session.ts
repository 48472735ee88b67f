/** The bench's client side: the demo owner's session, one plain request, waiting for the server to settle. */

import { assertLoopback } from './load.ts';
import { round } from './machine.ts';

/** Session and CSRF cookies of the demo owner: a GET for the CSRF cookie, then the login. */
export async function login(base: string): Promise<Record<string, string>> {
  assertLoopback(base);
  const cookies = new Map<string, string>();
  const keep = (answer: Response) => {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };
  const first = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
  await first.arrayBuffer();
  keep(first);
  const csrf = cookies.get('csrftoken_new');
  if (!csrf) throw new Error('No csrftoken_new cookie from GET /api/health');
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrftoken': csrf,
      cookie: `csrftoken_new=${csrf}`,
      origin: base,
    },
    body: JSON.stringify({ username: 'owner', password: 'demo' }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await answer.text();
  if (!answer.ok) throw new Error(`Login as owner failed: ${answer.status} ${body}`);
  keep(answer);
  if (!cookies.get('sessionid')) throw new Error('No sessionid cookie after login');
  return {
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrftoken': cookies.get('csrftoken_new')!,
    // As every browser asks: the server gzips the answers it caches (the calendar week).
    'accept-encoding': 'gzip, deflate, br',
  };
}

/** One plain GET: status, type and size, before a call is loaded (a wrong parameter shows here). */
export async function probeOnce(
  base: string,
  pathname: string,
  headers: Record<string, string>,
  slowLimit = 120,
) {
  const started = performance.now();
  const answer = await fetch(`${base}${pathname}`, {
    headers,
    signal: AbortSignal.timeout(slowLimit * 1000),
  });
  const body = Buffer.from(await answer.arrayBuffer());
  return {
    status: answer.status,
    type: answer.headers.get('content-type') ?? '',
    bytes: body.length,
    ms: round(performance.now() - started),
    body,
  };
}

/**
 * Waits until the server has worked off what the last call left (autocannon closes its sockets at
 * the end, the server still runs the queries they asked for): /api/health, one `select 1` through
 * the same pool, answering within 50 ms. At most `--slow-limit` seconds.
 */
export async function settle(base: string, readyPath: string, slowLimit = 120, log = (_line: string) => {}) {
  const deadline = Date.now() + slowLimit * 1000;
  while (Date.now() < deadline) {
    const started = performance.now();
    try {
      const answer = await fetch(`${base}${readyPath}`, {
        signal: AbortSignal.timeout(slowLimit * 1000),
      });
      await answer.arrayBuffer();
      if (performance.now() - started < 50) return;
    } catch {
      // timed out: try again until the deadline
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`  the server is still busy after ${slowLimit} s; going on`);
}
