import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
