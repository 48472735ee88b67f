import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { newPglite } from '../db/client.ts';
import { createServerDatabase } from './server-database.ts';

/** The project's migrations. */
export const migrationsFolder = path.resolve(import.meta.dirname, '../db/migrations');

export type MigrationDb = {
  run(query: ReturnType<typeof sql>): Promise<unknown[]>;
  /** Applies the migrations of a folder (its journal decides which). */
  migrateTo(folder: string): Promise<void>;
  /** A folder of the migrations up to `idx`, with their journal cut there. */
  upTo: string;
  close(): Promise<void>;
};

/**
 * An empty database for a test of one migration on data made before it: a new database on
 * TEST_DATABASE_URL's server, else PGlite in memory, and the migrations up to `idx`.
 */
export async function migrationDb(idx: number): Promise<MigrationDb> {
  const upTo = await fs.mkdtemp(path.join(os.tmpdir(), 'letokruh-mig-'));
  await fs.mkdir(path.join(upTo, 'meta'));
  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= idx);
  await fs.writeFile(path.join(upTo, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries as { tag: string }[]) {
    await fs.copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(upTo, `${e.tag}.sql`));
  }
  const removeFolder = () => fs.rm(upTo, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const server = await createServerDatabase(adminUrl, undefined);
    const pool = new pg.Pool({ connectionString: server.url });
    const db = drizzleNodePg(pool);
    return {
      run: async (query) => (await db.execute(query)).rows,
      migrateTo: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
      upTo,
      async close() {
        await pool.end();
        await server.drop();
        await removeFolder();
      },
    };
  }
  const client = newPglite(undefined);
  const db = drizzlePglite(client);
  return {
    run: async (query) => (await db.execute(query)).rows,
    migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }),
    upTo,
    async close() {
      await client.close();
      await removeFolder();
    },
  };
}
