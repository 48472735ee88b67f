import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The migrated, seeded database made once per run; each file copies it (src/test/template.ts).
    globalSetup: ['src/test/template.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file builds its own app on a fresh database; two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
    // Vitest 4 wants projects with their own worker count in their own group.
    sequence: { groupOrder: 1 },
  },
});
