// The build scripts' own tests (node, not jsdom): `npm run test:scripts -w web`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: { name: 'web-scripts', environment: 'node', include: ['*.test.mjs'] },
});
