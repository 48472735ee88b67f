import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { auditTargets } from '../modules/audit/audit.targets.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { inParallel } from '../test/parallel.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * Fuzzing over a real socket (decision 0022): every route of the API, called by the owner (who passes
 * every access rule, so the handlers are what is tried) with its path spelled otherwise, with odd
 * methods, and with oversized, truncated and malformed bodies, many at once. Never a 5xx, every
 * refusal in the API's error shape, nothing written, and the server still answers afterwards.
 */

let t: BuiltTestApp;
let port: number;
let owner: Client;
const bodyLimit = 64 * 1024;

beforeAll(async () => {
  t = await buildTestApp({ BODY_LIMIT_BYTES: String(bodyLimit) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await login(t.app, 'owner');
});
afterAll(() => t?.close());

type Answer = { status: number; body: string; raw: string };

/**
 * Writes `head` and `body` on a fresh socket and reads until the server closes it or 3 s pass;
 * `hangUp` ends the socket after writing (a truncated body). The status is 0 when none came.
 */
function raw(head: string, body: Buffer | string = '', hangUp = false): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n'), raw: text.slice(0, 300) });
    };
    const timer = setTimeout(() => socket.destroy(), 3000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => {
      clearTimeout(timer);
      done();
    });
    socket.on('error', () => undefined);
    socket.write(head);
    if (body.length) socket.write(body);
    if (hangUp) socket.end();
  });
}

const cookieHeader = () =>
  `Cookie: ${Object.entries(owner.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')}\r\nX-CSRFTOKEN: ${owner.cookies.csrftoken_new}\r\n`;

const request = (method: string, path: string, headers: string, body: Buffer | string = '', hangUp = false) =>
  raw(
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${cookieHeader()}${headers}\r\n`,
    body,
    hangUp,
  );

const concrete = (route: RegisteredRoute) => route.url.replace(/:[^/]+/g, '987654');
const spell = (path: string, i: number) =>
  [
    (p: string) => p.replace(/^\/api\//, '/%61pi/'),
    (p: string) => p.replace(/^\/api\//, '/%61%70%69/'),
    (p: string) => `${p}/`,
    (p: string) => p,
  ][i % 4]!(path);

type Probe = { label: string; send: () => Promise<Answer>; mayHang?: boolean };

function probesFor(route: RegisteredRoute, i: number): Probe[] {
  const path = spell(concrete(route), i);
  const m = route.method;
  const json = 'Content-Type: application/json\r\n';
  const big = Buffer.from(JSON.stringify({ note: 'Ř'.repeat(bodyLimit) }));
  const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const probes: Probe[] = [
    { label: 'OPTIONS', send: () => request('OPTIONS', path, '') },
    { label: 'TRACE', send: () => request('TRACE', path, '') },
    { label: 'PROPFIND', send: () => request('PROPFIND', path, '') },
    { label: 'PATCH', send: () => request('PATCH', path, `${json}Content-Length: 2\r\n`, '{}') },
  ];
  if (m === 'GET') {
    // HEAD runs the GET's rule; on domain.md's writing GETs it must not write (checked below).
    probes.push({ label: 'HEAD', send: () => request('HEAD', path, '') });
    // A domain.md's writing GET (a new draft order, a copy) writes when called: not a fuzz case.
    if (`GET ${route.url}` in auditTargets) return probes;
    probes.push({
      label: 'GET with a body',
      send: () => request('GET', path, `${json}Content-Length: 9\r\n`, '{"x":"y"}'),
    });
    return probes;
  }
  const bodies: [string, string, Buffer | string][] = [
    ['oversized JSON', json, big],
    ['malformed JSON', json, '{"name": "Novák", '],
    ['deeply nested JSON', json, nested],
    ['JSON with a BOM', json, '\ufeff{}'],
    ['prototype keys', json, '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}'],
    ['wrong content type', 'Content-Type: text/xml\r\n', '<a/>'],
    ['gzip claimed', `${json}Content-Encoding: gzip\r\n`, '{}'],
    ['charset latin1', 'Content-Type: application/json; charset=latin1\r\n', '{}'],
    ['multipart without boundary', 'Content-Type: multipart/form-data\r\n', '--x\r\n\r\n'],
    [
      'multipart cut short',
      'Content-Type: multipart/form-data; boundary=b\r\n',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
  ];
  for (const [label, headers, body] of bodies) {
    const length = Buffer.byteLength(body);
    probes.push({
      label,
      send: () => request(m, path, `${headers}Content-Length: ${length}\r\n`, body),
    });
  }
  probes.push({
    label: 'oversized, chunked',
    send: () =>
      request(
        m,
        path,
        `${json}Transfer-Encoding: chunked\r\n`,
        `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
      ),
  });
  probes.push({
    label: 'length larger than the body (truncated)',
    mayHang: true,
    send: () => request(m, path, `${json}Content-Length: 4000\r\n`, '{"name":"Nov', true),
  });
  probes.push({
    label: 'length over the limit, no body sent',
    send: () => request(m, path, `${json}Content-Length: ${bodyLimit * 10}\r\n`, ''),
  });
  return probes;
}

describe('fuzzing over HTTP: paths, methods and bodies', () => {
  it('0 answers ≥ 500, every refusal in the error shape, 0 writes, and the server keeps answering', async () => {
    const routes = t.app.routesSeen.filter(
      (r) => r.url.startsWith('/api/') && !['/api/auth/logout', '/api/auth/login'].includes(r.url),
    );
    expect(routes.length).toBeGreaterThan(100);
    const probes = routes.flatMap((route, i) =>
      probesFor(route, i).map((p) => ({ ...p, route: `${route.method} ${route.url}` })),
    );
    const before = await snapshot(t.db);
    const answers = await inParallel(
      probes.map((p) => () => p.send()),
      12,
    );
    const after = await snapshot(t.db);
    const failures: string[] = [];
    let accepted = 0;
    answers.forEach((answer, i) => {
      const p = probes[i]!;
      const what = `${p.route} ${p.label}`;
      if (answer.status === 0) {
        if (!p.mayHang) failures.push(`${what}: no answer`);
        return;
      }
      if (answer.status >= 500) failures.push(`${what}: ${answer.raw}`);
      else if (answer.status < 400) accepted++;
      else if (answer.body && !answer.raw.includes('HEAD') && !/"error_code":\d+/.test(answer.body))
        failures.push(`${what}: ${answer.status} without error_code: ${answer.body.slice(0, 100)}`);
    });
    if (process.env.FUZZ_REPORT) {
      const byStatus: Record<number, number> = {};
      for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
      console.info({
        routes: routes.length,
        probes: probes.length,
        byStatus,
        changed: changedTables(before, after),
      });
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, after)).toEqual([]);
    // What is accepted is only reads (GET with an ignored body, HEAD of reads): nothing above wrote.
    expect(accepted).toBeLessThan(probes.length / 3);
    expect(probes.length).toBeGreaterThan(1000);
    const alive = await owner.get('/api/auth/user');
    expect(alive.statusCode).toBe(200);
  }, 300_000);
});
