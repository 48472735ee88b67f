import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { apiRoutes } from './api-routes.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    apiRoutes(),
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
    },
  },
});
