import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { projects: ['contracts', 'server', 'web', 'web/scripts/vitest.config.mjs'] },
});
