import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The migrated, seeded database made once per run; each file copies it (src/test/template.ts).
    globalSetup: ['src/test/template.ts'],
    // Some tests do real work for tens of seconds on two cores (dozens of password hashes, the
    // fuzzer, a backup and restore, every offset of the sorts). Slow is not wrong: the bound only
    // catches a hang, so it sits far above what they take on a machine several times busier.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Each file builds its own app on a fresh database; two workers fit two cores.
    pool: 'forks',
    // A worker keeps the modules it imported from one file to the next: each file still builds its
    // own app and database, but the server's code is no longer imported 80 times (import time on
    // PostgreSQL 162 s → 17 s, the step 402 → 354 s). No server test mocks a module.
    isolate: false,
    maxWorkers: 2,
    // Vitest 4 wants projects with their own worker count in their own group.
    sequence: { groupOrder: 1 },
  },
});
