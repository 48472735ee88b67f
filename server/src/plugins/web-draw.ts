import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lazyWorkerPool } from '../worker-pool.ts';

/** What the web build's drawing module answers (web/src/app/server-draw.tsx). */
type Drawn = { html: string; lang: 'cs' | 'en'; state: string };

export type PageDrawing = {
  /** The page for this request drawn into index.html; null when it is not drawn (the app draws it). */
  draw(
    request: FastifyRequest,
    address: string,
    indexHtml: string,
  ): Promise<{ html: string; cookies: string[] } | null>;
  close(): Promise<void>;
};

const entryScript = '<script type="module" crossorigin src="';

/**
 * index.html with the app's code asked for once the page is on screen: the entry's script and its
 * `modulepreload` links leave the head and are named in an `app-entry` meta tag, which index.html's
 * first-screen.js reads in the frame after the first paint. For a page that comes drawn (this
 * module's landing pages, the login page drawn at build time, decision 0095): on a slow line its
 * style sheet and markup come first, not after 200 KiB of scripts that share the line.
 * Unchanged when the build's entry is not found.
 */
export function codeAfterPaint(indexHtml: string): string {
  if (!indexHtml.includes(entryScript)) return indexHtml;
  const imports = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    ([, href]) => href,
  );
  return indexHtml
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, src: string) => `<meta name="app-entry" content="${src}" data-imports="${imports.join(' ')}">`,
    );
}

/** How long a page waits for its drawing (about 120 ms when the thread is warm, a second cold). */
const drawDeadlineMs = 3_000;

/**
 * Decision 0103: the landing pages the web build names (dist/.server/pages.json: "Můj den") are
 * sent drawn for the signed-in user, so that a phone on a slow line shows the day before the app's
 * code has arrived and run; React then takes the markup over.
 * - The answers the page is drawn from are the server's answers to this very request's session,
 *   asked of itself through the whole API (`inject`: the guard, the scope, the same JSON). Any
 *   answer other than 200 (no session, a user without that day) draws nothing.
 * - The drawing runs in one worker thread (about 120 ms of a page on this project's machine): the
 *   event loop never waits for it. At most 16 pages wait; beyond, or after 3 s, the page goes as it
 *   always did.
 * - The HTML carries the user's data: `no-store`, never kept by a cache; the installed app's
 *   service worker answers its navigations with the plain index.html, never this.
 * - The language is the device's choice, kept in the `lang` cookie beside local storage.
 * - The app's scripts are asked for once the page is on screen (the frame after its first paint):
 *   on a slow line the style sheet and the page come first, and nothing waits for the code.
 */
export function createPageDrawing(app: FastifyInstance, webDist: string): PageDrawing | null {
  const module = path.join(webDist, '.server', 'draw.mjs');
  const pagesFile = path.join(webDist, '.server', 'pages.json');
  if (!fs.existsSync(module) || !fs.existsSync(pagesFile)) return null;
  const pages = JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as Record<string, string[]>;
  const pool = lazyWorkerPool({
    filename: new URL('./web-draw-worker.mjs', import.meta.url),
    name: 'page drawing',
    minThreads: 0,
    maxThreads: 1,
    maxQueue: 16,
    busy: 'Too many pages being drawn',
  });
  const moduleUrl = pathToFileURL(module).href;
  return {
    async draw(request, address, indexHtml) {
      const answers = pages[address];
      const cookie = request.headers.cookie;
      if (!answers || !cookie || request.method !== 'GET' || pool.closing) return null;
      const replies = await Promise.all(
        answers.map((answer) =>
          app.inject({
            method: 'GET',
            url: answer,
            headers: {
              cookie,
              host: request.headers.host ?? '',
              accept: 'application/json',
              ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
            },
            remoteAddress: request.ip,
          }),
        ),
      );
      if (replies.some((reply) => reply.statusCode !== 200)) return null;
      const asked = Object.fromEntries(
        replies.map((reply, i) => [answers[i], { status: reply.statusCode, body: reply.body }]),
      );
      const cookies = new Map<string, string>();
      for (const set of replies.map((reply) => reply.headers['set-cookie']))
        for (const line of Array.isArray(set) ? set : set ? [set] : [])
          cookies.set(line.slice(0, line.indexOf('=')), line);
      const lang = request.cookies.lang === 'en' ? 'en' : 'cs';
      const drawn = await pool
        .run<Drawn | null>(
          { module: moduleUrl, task: { path: address, lang, answers: asked } },
          // A drawing that does not end (a fault in the page) ends its thread; the page goes plain.
          { signal: AbortSignal.timeout(drawDeadlineMs) },
        )
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'the page was not drawn on the server');
          return null;
        });
      if (!drawn) return null;
      const root = '<div id="root"></div>';
      if (![root, entryScript, '<html lang="'].every((part) => indexHtml.includes(part))) return null;
      const state = drawn.state.replaceAll('<', '\\u003c');
      const html = codeAfterPaint(indexHtml)
        .replace(/<html lang="[a-z]+"/, () => `<html data-drawn lang="${drawn.lang}"`)
        .replace(
          root,
          () =>
            `<div id="root" data-drawn="${address}" data-lang="${drawn.lang}">${drawn.html}</div>\n    <script type="application/json" id="drawn-answers">${state}</script>`,
        )
        // The login page drawn at build time (decision 0095) is not this page.
        .replace(/<template id="first-[a-z]+">[\s\S]*?<\/template>\s*/g, '');
      return { html, cookies: [...cookies.values()] };
    },
    close: () => pool.close(),
  };
}
