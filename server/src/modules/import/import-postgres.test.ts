import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createServerDatabase } from '../../test/build.ts';
import { importInto, type OldSystemFixture, startOldSystem } from './test-old-system.ts';

/**
 * `npm run import` from a second server with the demo data into an empty PostgreSQL database, when
 * TEST_DATABASE_URL is set (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md;
 * the comparison in test-old-system.ts). A file of its own, so that it runs beside the embedded
 * one (import.test.ts) on the other worker.
 */
const url = process.env.TEST_DATABASE_URL;
let from: OldSystemFixture;

beforeAll(async () => {
  if (url) from = await startOldSystem(3647);
}, 240_000);

afterAll(async () => {
  await from?.stop();
});

describe('npm run import from a second server with the demo data', () => {
  it.skipIf(!url)(
    'into an empty PostgreSQL database: the same',
    async () => {
      const database = await createServerDatabase(url!, undefined);
      from.cleanups.push(() => database.drop());
      await importInto(
        from,
        { DATABASE_URL: database.url, DATA_DIR: path.join(from.tmp, 'new-postgres') },
        3645,
      );
    },
    600_000,
  );
});
