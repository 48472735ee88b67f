import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp } from '../test/build.ts';

// Decision 0020: assets go out precompressed; source maps and the build manifest are not served.
let t: BuiltTestApp;
let web: string;
const script = `console.log(${JSON.stringify('Letokruh '.repeat(500))})`;
const entry = '<script type="module" crossorigin src="/assets/index-abc.js"></script>';
const indexHtml = `<!doctype html><html lang="cs"><head><title>Letokruh</title>${entry}
<link rel="modulepreload" crossorigin href="/assets/app.js">
</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-web-'));
  await fs.mkdir(path.join(web, 'assets'));
  await fs.mkdir(path.join(web, '.vite'));
  await fs.writeFile(path.join(web, 'index.html'), indexHtml);
  await fs.writeFile(path.join(web, 'assets', 'app.js'), script);
  await fs.writeFile(path.join(web, 'assets', 'app.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(web, 'assets', 'app.js.gz'), zlib.gzipSync(script));
  await fs.writeFile(path.join(web, 'assets', 'app.js.map'), '{"sources":["secret.ts"]}');
  await fs.writeFile(path.join(web, '.vite', 'manifest.json'), '{"index.html":{}}');
  // The installable app's files (domain.md §2.11): the service worker and the web app manifest.
  await fs.writeFile(path.join(web, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await fs.writeFile(path.join(web, 'manifest.webmanifest'), '{"name":"Letokruh","start_url":"/driver"}');
  t = await buildTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(web, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the service worker and the manifest revalidated, a hashed asset for a year', async () => {
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/assets/app.js' })).headers['cache-control']).toMatch(/immutable/);
  });

  it('sends an asset brotli- or gzip-compressed when the browser takes it, plain otherwise', async () => {
    const br = await t.app.inject({
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('does not serve source maps or the build manifest', async () => {
    for (const url of ['/assets/app.js.map', '/.vite/manifest.json']) {
      const response = await t.app.inject({ url });
      expect(response.body, url).not.toContain('secret.ts');
      expect(response.body, url).not.toContain('"index.html":{}');
    }
  });

  it('serves its files and the page shell without a session, every route declaring it (asset)', async () => {
    const routes = t.app.routesSeen.filter((r) => !r.url.startsWith('/api'));
    expect(routes.map((r) => r.url)).toContain('/assets/app.js');
    expect(routes.filter((r) => r.access !== 'asset')).toEqual([]);
    const shell = await t.app.inject({ url: '/orders/12' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<title>Letokruh</title>');
    // No cookies for files and the page shell: nothing there needs a session or a CSRF token.
    expect(shell.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ url: '/assets/app.js' })).headers['set-cookie']).toBeUndefined();
  });

  it('sends the login page with the app’s code asked for once it is on screen, other pages at once', async () => {
    // Decision 0105: the login page, drawn at build time, comes first on a slow line, not its scripts.
    const login = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-type']).toMatch(/^text\/html/);
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.headers['content-encoding']).toBe('br');
    const page = zlib.brotliDecompressSync(login.rawPayload).toString();
    expect(page).toContain(
      '<meta name="app-entry" content="/assets/index-abc.js" data-imports="/assets/app.js">',
    );
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    // Any other address gets index.html as built: its entry and preloads in the head.
    const shell = await t.app.inject({ url: '/customers' });
    expect(shell.body).toBe(indexHtml);
    // Made once per build: a new index.html (a deploy) is sent from the next request on.
    const file = path.join(web, 'index.html');
    await fs.writeFile(file, indexHtml.replace('<title>Letokruh</title>', '<title>Letokruh 2</title>'));
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(file, later, later);
    const rebuilt = await t.app.inject({ url: '/' });
    expect(rebuilt.body).toContain('<title>Letokruh 2</title>');
    expect(rebuilt.body).toContain('<meta name="app-entry"');
    await fs.writeFile(file, indexHtml);
  });

  it('answers the JSON 404, never the page shell, under the API however it is spelled', async () => {
    const spellings = [
      '/api/no-such-call',
      '/api',
      '/API/users',
      '/Api/users',
      '/api//users',
      '/%2Fapi/users',
      '/api%2Fusers',
      '/api%2fusers',
      '/%2561pi/no-such-call',
      '/%61pi/no-such-call',
      '/%2e/api/no-such-call',
      '/api\\no-such-call',
      '/api;x/users',
    ];
    for (const url of spellings) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error_code, url).toBe(130);
    }
    // A page of the app whose name merely begins with the letters a, p, i is a page.
    expect((await t.app.inject({ url: '/apiary' })).body).toContain('<title>Letokruh</title>');
  });
});
