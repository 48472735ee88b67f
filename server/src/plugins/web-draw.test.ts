import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';

/**
 * Decision 0103: "Můj den" sent drawn for the signed-in driver. The web build's drawing module is
 * stood in for by a small one of the same shape (the real one, React's, is checked in a browser by
 * e2e/driver-drawn.spec.ts): it writes what it was given, so that these tests see which answers
 * the server asked of itself, for whom, and what it did with the page.
 */
const index = `<!doctype html>
<html lang="cs" data-mantine-color-scheme="light">
  <head>
    <title>Letokruh</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/web-abc.js">
    <link rel="modulepreload" crossorigin href="/assets/runtime-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/web-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <template id="first-cs"><form>Přihlásit</form></template>
    <template id="first-en"><form>Sign in</form></template>
  </body>
</html>`;

const drawing = (body: string) => `export async function drawPage(task) {\n${body}\n}\n`;

/** Writes the day it was given: the driver's name and each stop's number; its state carries a `</script>`. */
const writesTheDay = drawing(`
  const day = JSON.parse(task.answers['/api/driver/day'].body);
  const user = JSON.parse(task.answers['/api/auth/user'].body).user;
  const stops = day.days.flatMap((d) => d.stops).map((s) => '<li>' + s.id + '</li>').join('');
  return {
    html: '<main lang="' + task.lang + '"><h1>' + user.username + '</h1><ol>' + stops + '</ol></main>',
    lang: task.lang,
    state: JSON.stringify({ asked: Object.keys(task.answers), note: '</script><script>alert(1)</script>' }),
  };`);

async function webWith(module: string): Promise<string> {
  const web = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-drawn-'));
  await fs.mkdir(path.join(web, 'assets'));
  await fs.mkdir(path.join(web, '.server'));
  await fs.writeFile(path.join(web, 'index.html'), index);
  await fs.writeFile(path.join(web, 'assets', 'index-abc.js'), 'export {};');
  await fs.writeFile(
    path.join(web, '.server', 'pages.json'),
    JSON.stringify({ '/driver': ['/api/auth/user', '/api/config', '/api/driver/day'] }),
  );
  await fs.writeFile(path.join(web, '.server', 'draw.mjs'), module);
  return web;
}

let t: BuiltTestApp;
let web: string;
let driver: Client;
let stopIds: number[];

beforeAll(async () => {
  web = await webWith(writesTheDay);
  t = await buildTestApp({ WEB_DIST: web });
  driver = await login(t.app, 'driver');
  const day = (await driver.get('/api/driver/day')).json() as { days: { stops: { id: number }[] }[] };
  stopIds = day.days.flatMap((d) => d.stops.map((s) => s.id));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(web, { recursive: true, force: true });
});

const drawnState = (body: string) => {
  const match = /<script type="application\/json" id="drawn-answers">([\s\S]*?)<\/script>/.exec(body);
  return match?.[1];
};

describe('"Můj den" drawn on the server (decision 0103)', () => {
  it('comes drawn for the signed-in driver from the answers of their own session, kept by no cache', async () => {
    expect(stopIds.length).toBeGreaterThan(0);
    const page = await driver.get('/driver');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers.vary)).toMatch(/cookie/);
    expect(page.body).toContain('<html data-drawn lang="cs"');
    expect(page.body).toContain(
      `<div id="root" data-drawn="/driver" data-lang="cs"><main lang="cs"><h1>driver</h1><ol>${stopIds
        .map((id) => `<li>${id}</li>`)
        .join('')}</ol></main></div>`,
    );
    const state = drawnState(page.body);
    expect(JSON.parse(state ?? 'null')).toEqual({
      asked: ['/api/auth/user', '/api/config', '/api/driver/day'],
      note: '</script><script>alert(1)</script>',
    });
    // Nothing in the answers ends the script element or opens another.
    expect(state).not.toContain('<');
  });

  it('names the app’s code for after the first paint instead of loading it, and drops the login page', async () => {
    const { body } = await driver.get('/driver');
    expect(body).toContain(
      '<meta name="app-entry" content="/assets/index-abc.js" data-imports="/assets/web-abc.js /assets/runtime-abc.js">',
    );
    expect(body).not.toContain('<script type="module"');
    expect(body).not.toContain('modulepreload');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/web-abc.css">');
    expect(body).not.toContain('first-cs');
    expect(body).not.toContain('first-en');
  });

  it('is drawn in the language of the device’s `lang` cookie', async () => {
    try {
      driver.cookies.lang = 'en';
      const page = await driver.get('/driver');
      expect(page.body).toContain('<html data-drawn lang="en"');
      expect(page.body).toContain('<main lang="en">');
      driver.cookies.lang = '"><script>';
      const odd = await driver.get('/driver');
      expect(odd.body).toContain('<html data-drawn lang="cs"');
      expect(odd.body).not.toContain('"><script>');
    } finally {
      delete driver.cookies.lang;
    }
  });

  it('goes compressed when the browser takes it', async () => {
    const page = await driver.get('/driver', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('data-drawn="/driver"');
    const gzip = await driver.get('/driver', { headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('data-drawn="/driver"');
    // A coding the browser refuses (weight 0) is not sent.
    const refused = await driver.get('/driver', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await driver.get('/driver', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('data-drawn="/driver"');
  });

  it('is the plain page without a session, for HEAD, for other pages and for a user without that day', async () => {
    const plain = (body: string) => {
      expect(body).not.toContain('data-drawn');
      expect(body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    };
    const anonymous = await t.app.inject({ method: 'GET', url: '/driver' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    plain(anonymous.body);
    const head = await t.app.inject({ method: 'HEAD', url: '/driver', cookies: { ...driver.cookies } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    plain((await driver.get('/orders')).body);
    // A session that ended (an unknown token) draws nothing.
    plain(
      (await t.app.inject({ method: 'GET', url: '/driver', cookies: { sessionid: 'x'.repeat(43) } })).body,
    );
    // The warehouseman may not read a driver's day: the API refuses, the page is not drawn.
    const warehouseman = await login(t.app, 'warehouseman');
    expect((await warehouseman.get('/api/driver/day')).statusCode).toBe(403);
    plain((await warehouseman.get('/driver')).body);
  });

  it('is the same page however the address is spelled, and never serves the drawing module', async () => {
    for (const spelling of ['/driver/', '/%64river', '//driver', '/x/../driver', '/driver?date=<script>']) {
      const page = await driver.get(spelling);
      expect(page.statusCode, spelling).toBe(200);
      expect(page.body, spelling).not.toContain('<script>alert');
    }
    const module = await driver.get('/.server/draw.mjs');
    expect(module.body).not.toContain('drawPage');
    expect((await driver.get('/.server/pages.json')).body).not.toContain('/api/driver/day');
  });

  it('draws many at once: every request answered, each with its own user', async () => {
    const dispatcher = await login(t.app, 'dispatcher');
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 3 === 2 ? dispatcher : driver).get('/driver')),
    );
    for (const [i, page] of pages.entries()) {
      expect(page.statusCode).toBe(200);
      if (page.body.includes('data-drawn'))
        expect(page.body).toContain(`<h1>${i % 3 === 2 ? 'dispatcher' : 'driver'}</h1>`);
    }
    expect(pages.filter((p) => p.body.includes('<h1>driver</h1>')).length).toBe(8);
  });
});

describe('a drawing that fails', () => {
  it('sends the plain page, never an error', async () => {
    const modules = [
      drawing("throw new Error('broken');"),
      drawing('return null;'),
      'export const nothing = 1;',
      // One that never ends: the page goes plain after the deadline, and the server still closes.
      drawing('await new Promise(() => {});'),
      drawing('for (;;) {}'),
    ];
    // Side by side: the two that never end each wait out the deadline.
    await Promise.all(
      modules.map(async (module) => {
        const broken = await webWith(module);
        const app = await buildTestApp({ WEB_DIST: broken });
        try {
          const page = await (await login(app.app, 'driver')).get('/driver');
          expect(page.statusCode, module).toBe(200);
          expect(page.body, module).not.toContain('data-drawn');
          expect(page.body, module).toContain(
            '<script type="module" crossorigin src="/assets/index-abc.js">',
          );
        } finally {
          await app.close();
          await fs.rm(broken, { recursive: true, force: true });
        }
      }),
    );
  });
});
