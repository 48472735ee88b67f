import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@letokruh/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedHost } from '../plugins/hosts.ts';
import { type BuiltTestApp, buildTestApp } from '../test/build.ts';

/**
 * DNS rebinding (docs/security.md): a request whose Host is not one of the app's own answers 421 before
 * any handler runs. Own: localhost, 127.0.0.1 and [::1] on the port in use, the hosts of
 * PUBLIC_ORIGIN, and ALLOWED_HOSTS.
 */

describe('isAllowedHost', () => {
  const config = {
    publicOrigins: ['https://sklad.example.cz', 'http://intranet.example:8080'],
    allowedHosts: ['letokruh.local', 'proxy.example:8443', '[fd00::5]'],
  };
  const cases: [string | undefined, boolean][] = [
    ['localhost:3000', true],
    ['LOCALHOST:3000', true],
    ['127.0.0.1:3000', true],
    ['[::1]:3000', true],
    ['localhost', false],
    ['localhost:3001', false],
    ['127.0.0.1:80', false],
    ['127.0.0.2:3000', false],
    ['sklad.example.cz', true],
    ['sklad.example.cz:443', false],
    ['intranet.example:8080', true],
    ['intranet.example', false],
    ['letokruh.local', true],
    ['letokruh.local:9999', true],
    ['proxy.example:8443', true],
    ['proxy.example', false],
    ['[fd00::5]:3000', true],
    ['evil.example', false],
    ['evil.example:3000', false],
    ['localhost.evil.example:3000', false],
    ['sklad.example.cz.evil.example', false],
    ['', false],
    [undefined, false],
    [':3000', false],
  ];
  for (const [host, allowed] of cases) {
    it(`${host ?? '(no Host)'} → ${allowed ? 'served' : '421'}`, () => {
      expect(isAllowedHost(host, config, 3000)).toBe(allowed);
    });
  }
  it('without a listening port (inject), loopback names are not enough', () => {
    expect(isAllowedHost('localhost:80', config, null)).toBe(false);
  });
});

describe('the Host check on a listening server', () => {
  let t: BuiltTestApp;
  let port: number;
  const ran: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      { ALLOWED_HOSTS: '', PUBLIC_ORIGIN: 'https://sklad.example.cz' },
      { observeHandlers: (method, url) => ran.push(`${method} ${url}`) },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('answers 421 for a foreign Host on every kind of path, before any handler', async () => {
    ran.length = 0;
    const paths = ['/api/health', '/api/auth/user', '/api/users', '/api/no-such-call', '/', '/orders'];
    const hosts = ['evil.example', `evil.example:${port}`, 'localhost', `localhost:${port + 1}`];
    const answers = await Promise.all(
      paths.flatMap((p) => hosts.map(async (h) => ({ p, h, r: await rawGet(port, p, h) }))),
    );
    for (const { p, h, r } of answers) {
      expect(r.status, `${h} ${p}`).toBe(421);
      expect(r.nosniff, `${h} ${p}`).toBe('nosniff');
      expect(JSON.parse(r.body).error_code, `${h} ${p}`).toBe(ErrorCode.unknownHost);
    }
    const login = await rawGet(port, '/api/auth/login', 'evil.example', 'POST');
    expect(login.status).toBe(421);
    expect(ran).toEqual([]);
  });

  it('serves its own names', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'sklad.example.cz']) {
      const r = await rawGet(port, '/api/health', host);
      expect(r.status, host).toBe(200);
    }
  });
});

/** A request with a Host header of our choosing (fetch would not let us set it). */
function rawGet(port: number, path: string, host: string, method = 'GET') {
  return new Promise<{ status: number; body: string; nosniff: unknown }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method, headers: { host, 'content-length': '0' } },
      (response) => {
        let body = '';
        response.on('data', (c) => {
          body += c;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            nosniff: response.headers['x-content-type-options'],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}
