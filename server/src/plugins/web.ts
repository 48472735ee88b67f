import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { preferredCoding } from './answer-json.ts';
import { codeAfterPaint, createPageDrawing } from './web-draw.ts';

/** Source maps, the build's manifest and the server's drawing module (decision 0103) stay unserved. */
const isPublic = (pathName: string) =>
  !pathName.endsWith('.map') && !pathName.includes('/.vite/') && !pathName.includes('/.server/');

/**
 * The path as a router or a proxy might read it: percent-decoding undone (repeatedly, for
 * `%2561`), backslashes and repeated slashes as one slash, dot segments resolved (never above
 * the root).
 */
export function readPath(url: string): string {
  let value = url.split(/[?#]/, 1)[0] ?? '';
  for (let i = 0; i < 3 && value.includes('%'); i++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      break;
    }
  }
  value = value.replaceAll('\\', '/').replace(/\/{2,}/g, '/');
  return path.posix.normalize(`/${value}`);
}

/**
 * Whether a path, however spelled, lies under the API (its unmatched paths answer JSON 404):
 * `/%61pi/x`, `/API/x`, `/api//x`, `/./api/x`, `/x/../api/x`, `/%2Fapi/x`, `/api%2Fx` all do.
 */
export const isApiPath = (url: string) => {
  const read = readPath(url).toLowerCase();
  return read === '/api' || read === '/api/' || read.startsWith('/api/') || read.startsWith('/api;');
};

/**
 * The CSP sources (`'sha256-…'`) of the page's inline scripts: index.html carries one, which puts
 * the login page drawn at build time into place before the first paint (decision 0095). Only these
 * exact scripts run; any other inline script stays refused.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const file = path.join(webDist, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A drawn page compressed off the event loop (zlib's thread pool): quick settings, per request. */
const compressed = (html: string, encoding: 'br' | 'gzip') =>
  encoding === 'br'
    ? brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzip(html, { level: 6 });

const unhashed = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

const notFound = { error_code: ErrorCode.notFound, message: 'Not found' };

/**
 * Serves the built web app; every non-API path that is not a file gets index.html (SPA routes).
 * Its routes declare `access: 'asset'` (the auth hook lets them through without a session); the
 * page shell is the not-found handler, which holds no data.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const drawing = hasWeb ? createPageDrawing(app, webDist) : null;
  if (drawing) app.addHook('onClose', () => drawing.close());
  // The login page as sent, made once per build of index.html (its time of change), per encoding.
  let sent: { changed: number; bodies: Map<string, Promise<string | Buffer>> } | null = null;
  const loginPage = async (encoding: 'br' | 'gzip' | 'identity') => {
    const file = path.join(webDist, 'index.html');
    const { mtimeMs } = await fs.promises.stat(file);
    if (sent?.changed !== mtimeMs) sent = { changed: mtimeMs, bodies: new Map() };
    let body = sent.bodies.get(encoding);
    if (!body) {
      body = fs.promises.readFile(file, 'utf8').then((html): Promise<string | Buffer> | string => {
        const page = codeAfterPaint(html);
        return encoding === 'identity' ? page : compressed(page, encoding);
      });
      // A failed read is tried again by the next request, not kept.
      body.catch(() => sent?.bodies.delete(encoding));
      sent.bodies.set(encoding, body);
    }
    return body;
  };
  await app.register(async (web) => {
    web.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'asset' };
    });
    if (hasWeb) {
      await web.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        maxAge: '1y',
        immutable: true,
        // The build writes .br and .gz beside each asset (web/scripts/compress.mjs).
        preCompressed: true,
        // Source maps and the build manifest are for the build's own checks, not for visitors.
        allowedPath: (pathName) => isPublic(pathName),
        setHeaders: (reply, filePath) => {
          // Named without a hash, so always revalidated: the page, the service worker (domain.md §2.11:
          // a browser checks it for a new build), its registration and the app's manifest.
          if (unhashed.has(path.basename(filePath))) reply.header('cache-control', 'no-cache');
        },
      });
    }
    web.setNotFoundHandler(async (request, reply) => {
      const url = readPath(request.url);
      if (isApiPath(request.url) || !['GET', 'HEAD'].includes(request.method) || !hasWeb) {
        return reply.status(404).send(notFound);
      }
      if (url.startsWith('/assets/')) {
        // wildcard: false routes only the files found at start; a rebuild's new assets land here.
        const file = path.join(webDist, url);
        if (
          file.startsWith(path.join(webDist, 'assets')) &&
          isPublic(url) &&
          fs.statSync(file, { throwIfNoEntry: false })?.isFile()
        ) {
          return reply.sendFile(path.relative(webDist, file), webDist);
        }
        return reply.status(404).send(notFound);
      }
      // Decision 0103: a landing page drawn for the signed-in user, kept by no cache.
      if (drawing && request.method === 'GET') {
        const index = await fs.promises.readFile(path.join(webDist, 'index.html'), 'utf8');
        const drawn = await drawing.draw(request, url, index);
        if (drawn) {
          for (const cookie of drawn.cookies) reply.header('set-cookie', cookie);
          reply.header('cache-control', 'no-store').header('vary', 'cookie, accept-encoding');
          const encoding = preferredCoding(request.headers['accept-encoding']);
          const body = encoding ? await compressed(drawn.html, encoding) : drawn.html;
          if (encoding) reply.header('content-encoding', encoding);
          return reply.type('text/html; charset=utf-8').send(body);
        }
      }
      // The login page, drawn at build time into index.html (decision 0095), asks for the app's code
      // once it is on screen, as a page drawn here does (decision 0105).
      if (url === '/') {
        const encoding = preferredCoding(request.headers['accept-encoding']);
        const body = await loginPage(encoding ?? 'identity');
        reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(body);
      }
      // index.html names the hashed assets of the current build: always revalidated. Without
      // cacheControl: false, send would replace this header with "public, max-age=0".
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', webDist, { cacheControl: false });
    });
  });
}
