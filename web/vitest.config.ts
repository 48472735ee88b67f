import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // A long form typed key by key took 5 s here and 19.9 s with one more busy core; CI once
    // failed in this step with no test named. Slow is not wrong: the bound catches a hang.
    testTimeout: 45_000,
    // One jsdom and one module graph per worker, not per file (227 → 90 s for the 54 files on this
    // 2-core machine): Mantine, React and the pages are imported once. test-setup.ts resets what a
    // test leaves (the DOM, storage, cookies, stubs, timers, the language, the dashboard's state).
    isolate: false,
  },
});
