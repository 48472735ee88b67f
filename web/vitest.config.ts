import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { apiRoutes } from './api-routes.ts';

export default defineConfig({
  plugins: [react(), apiRoutes()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Slow is not wrong: the bound only catches a hang. A test cut by it keeps running beside the
    // next one (Vitest cannot stop it), and its late clicks then fail tests that did nothing wrong,
    // so the bound sits far above what a form typed key by key takes on a machine several times busier.
    testTimeout: 180_000,
    // One jsdom and one module graph per worker, not per file (227 → 90 s for the 54 files on this
    // 2-core machine): Mantine, React and the pages are imported once. test-setup.ts resets what a
    // test leaves (the DOM, storage, cookies, stubs, timers, the language, the dashboard's state).
    isolate: false,
  },
});
