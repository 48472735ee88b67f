import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { apiRoutes } from './api-routes.ts';
import { landingPages } from './landing-pages.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Decision 0095: the login page drawn into index.html at build time, in Czech and in English, each
 * in a <template>, with the inline script (first-screen.js, comments dropped) that puts the chosen
 * language's copy into #root before the first paint. The app is rendered by React's `prerender`
 * through Vite's SSR loader, from the very components the browser then hydrates.
 */
function firstScreen(): Plugin {
  return {
    name: 'letokruh-first-screen',
    apply: 'build',
    async transformIndexHtml(html) {
      const server = await createServer({
        configFile: false,
        root: import.meta.dirname,
        mode: 'production',
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        plugins: [react(), apiRoutes()],
      });
      try {
        const { drawFirstScreen } = (await server.ssrLoadModule('/src/app/first-screen.tsx')) as {
          drawFirstScreen: (path: string, lang: string) => Promise<string>;
        };
        const templates = [];
        for (const lang of ['cs', 'en'])
          templates.push(`<template id="first-${lang}">${await drawFirstScreen('/', lang)}</template>`);
        const script = fs
          .readFileSync(path.join(import.meta.dirname, 'first-screen.js'), 'utf8')
          .split('\n')
          .filter((line) => !line.trimStart().startsWith('//'))
          .join('\n')
          .trim();
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error('index.html has no empty #root');
        return html.replace(root, `${root}\n    ${templates.join('\n    ')}\n    <script>${script}</script>`);
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * Decision 0100: for the address opened, a small inline script in the head adds `modulepreload`
 * links for the landing page's chunks and those they import, `preload` links for their style
 * sheets, and `preload` links (`as="fetch"`, the credentials of the app's own calls) for the API
 * answers the app then reads from them instead of asking again (`landing-pages.ts`). A 401 is read
 * as the app would read its own. The modules are named by file: one without a chunk of its own
 * fails the build. A page the server drew (decision 0103: `data-drawn` on <html>) has its answers
 * in the HTML and is on screen before its code runs: its code is asked for once it is on screen
 * (the frame after it is parsed and styled), and no answer is asked for again. The stages the entry
 * imports one after another (decision 0104) are preloaded by index.html itself, beside the entry's
 * own imports.
 */
function landingPagePreloads(): Plugin {
  const main = path.join(import.meta.dirname, 'src', 'main.tsx');
  let stageModules: readonly string[] = [];
  return {
    name: 'letokruh-landing-page-preloads',
    apply: 'build',
    moduleParsed(info) {
      if (info.id === main) stageModules = info.dynamicallyImportedIds;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        /** A chunk's file, the chunks it imports, theirs, and their style sheets. */
        const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
          const chunk = bundle[fileName];
          if (into.has(fileName) || chunk?.type !== 'chunk') return into;
          into.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk.imports) withImports(imported, into);
          return into;
        };
        // What the entry imports, the HTML already loads; and the stages main.tsx imports one after
        // another (its dynamic imports, decision 0104), preloaded here, so that no stage waits for a
        // request.
        const entries = chunks.filter((c) => c.isEntry);
        const already = new Set(entries.flatMap((c) => [...withImports(c.fileName)]));
        const stages = new Set<string>();
        const imported = new Set(
          [...already].flatMap((f) => (bundle[f]?.type === 'chunk' ? bundle[f].dynamicImports : [])),
        );
        for (const id of stageModules) {
          const holds = (c: (typeof chunks)[number]) => c.moduleIds.includes(id);
          const chunk = chunks.find((c) => imported.has(c.fileName) && holds(c));
          if (chunk) withImports(chunk.fileName, stages);
          else if (!chunks.some((c) => already.has(c.fileName) && holds(c)))
            throw new Error(`a stage of main.tsx is in no chunk the entry loads: ${id}`);
        }
        for (const file of already) stages.delete(file);
        const stageSheets = [...stages].filter((f) => f.endsWith('.css'));
        if (stageSheets.length > 0)
          throw new Error(`a stage of the entry has style sheets of its own: ${stageSheets.join(', ')}`);
        for (const file of stages) already.add(file);
        const files: Record<string, string[]> = {};
        for (const [address, { modules, answers }] of Object.entries(landingPages)) {
          const found = new Set<string>();
          for (const module of modules) {
            const id = path.join(import.meta.dirname, module);
            const chunk = chunks.find((c) => c.facadeModuleId === id);
            if (!chunk) throw new Error(`landing page ${address}: no chunk of its own for ${module}`);
            withImports(chunk.fileName, found);
          }
          files[address] = [...[...found].filter((f) => !already.has(f)).map((f) => `/${f}`), ...answers];
          // Its first paint has only the app's style sheet: a sheet added by its code would restyle
          // the page once drawn (main.tsx imports the driver's).
          const sheets = files[address].filter((f) => f.endsWith('.css'));
          if (landingPages[address]?.drawnOnServer && sheets.length > 0)
            throw new Error(
              `${address} is drawn on the server but has style sheets of its own: ${sheets.join(', ')}`,
            );
        }
        const script = `(()=>{const f=${JSON.stringify(files)}[location.pathname],d=document.documentElement.hasAttribute('data-drawn'),a=()=>{for(const h of f){const l=document.createElement('link');if(h.endsWith('.css')){l.rel='preload';l.as='style'}else if(h.startsWith('/api/')){if(d)continue;l.rel='preload';l.as='fetch'}else l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}};if(f)d?addEventListener('DOMContentLoaded',()=>requestAnimationFrame(()=>setTimeout(a))):a()})()`;
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="[^"]+">/g)].at(-1);
        if (!preloads || preloads.index === undefined)
          throw new Error('index.html preloads none of the entry');
        const after = preloads.index + preloads[0].length;
        const stageLinks = [...stages].map(
          (f) => `\n    <link rel="modulepreload" crossorigin href="/${f}">`,
        );
        return (html.slice(0, after) + stageLinks.join('') + html.slice(after)).replace(
          '</title>',
          `</title>\n    <script>${script}</script>`,
        );
      },
    },
  };
}

/**
 * Decision 0103: Mantine's `useId` takes React's id, then swaps it for a random one in a layout
 * effect after mount (for Reacts without `useId`). Taking over a page the server drew, that swap
 * redraws every field, menu and popover synchronously inside the commit and pulls all the page's
 * effects into the same task. React's id is stable and the same in the server's drawing: it is
 * kept, in the form Mantine gives it.
 */
function mantineStableIds(): Plugin {
  return {
    name: 'letokruh-mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      if (!id.replaceAll('\\', '/').endsWith('/@mantine/hooks/esm/use-id/use-id.mjs')) return null;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`;",
        '}',
      ].join('\n');
    },
  };
}

/**
 * Decision 0103: `vite build --ssr src/app/server-draw.tsx` (web's build script, after the app's
 * build) writes the module the server draws landing pages with, to dist/.server/draw.mjs: one file
 * with every package in it, so that it runs wherever the built app is put; and pages.json, the
 * addresses it draws with the answers each is drawn from. The server never serves
 * it (a dot folder).
 */
const serverDrawing = defineConfig({
  plugins: [
    mantineStableIds(),
    react(),
    apiRoutes(),
    {
      // The addresses drawn and the answers each asks for (pages.json beside it), which the server
      // reads without loading the module.
      name: 'letokruh-drawn-pages',
      generateBundle() {
        const pages = Object.fromEntries(
          Object.entries(landingPages)
            .filter(([, page]) => page.drawnOnServer)
            .map(([address, page]) => [address, page.answers]),
        );
        this.emitFile({ type: 'asset', fileName: 'pages.json', source: JSON.stringify(pages) });
      },
    },
  ],
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/.server',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'draw.mjs', inlineDynamicImports: true } },
  },
});

const app = defineConfig({
  plugins: [
    mantineStableIds(),
    react(),
    apiRoutes(),
    firstScreen(),
    landingPagePreloads(),
    // domain.md §2.11: installable on a phone (the driver's day), its shell kept for a yard without
    // signal. The service worker precaches the built app (JS, CSS, HTML, icons) and answers a
    // page's address with index.html offline; it never stores an answer of /api (always fresh,
    // and a user's data stays off the device's cache).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        name: 'Letokruh',
        short_name: 'Letokruh',
        description: 'Rozvozy, objednávky a sklad / Deliveries, orders and stock',
        lang: 'cs',
        start_url: '/driver',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#a0652b',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // The calendar's chunk (FullCalendar) is larger than workbox's 2 MiB default.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    // The manifest and the source maps feed the login page's budget check, which runs after
    // `vite build` in the build script (scripts/check-budget.mjs).
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Zod schemas built at a contracts module's top level (`z.object(…).meta(…)`) count as
      // side effects, so importing only `ErrorCode` from contracts/errors put all of zod (~22 KiB
      // gzipped) into the login page. Calls of zod are pure: unused schemas are dropped, used
      // ones stay. Nothing in web or contracts calls zod for its side effects (no z.config).
      treeshake: { manualPureFunctions: ['z'] },
      // Decision 0098: the small chunks that pages share are copied into the chunks that read them
      // (Rolldown's inline common chunks; a registry keeps one copy of each module's state), so a
      // page asks for far fewer files (bench/results/2026-11-29-shared-chunks-copied.md). What a
      // page loads stays what it reaches; the service worker's precache grows. The style chunks
      // stay files, as the option's documentation asks of a Vite build. It needs the entry's
      // exports free to drop.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 64 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverDrawing : app));
