import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { importInto, type OldSystemFixture, startOldSystem } from './test-old-system.ts';

/**
 * `npm run import` from a second server with the demo data into an empty embedded database
 * (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md; the comparison in
 * test-old-system.ts). The same into PostgreSQL: import-postgres.test.ts, which `npm test` runs
 * in its PostgreSQL step; this one runs in its embedded step (scripts/test.mjs), not twice.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'npm run import from a second server with the demo data',
  () => {
    let from: OldSystemFixture;

    beforeAll(async () => {
      from = await startOldSystem(3643);
    }, 240_000);

    afterAll(async () => {
      await from?.stop();
    });

    it('into an empty embedded database: every entity equal, a second run writes nothing', async () => {
      await importInto(from, { DATA_DIR: path.join(from.tmp, 'new-embedded') }, 3644);
    }, 600_000);
  },
);
