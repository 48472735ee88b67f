import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from './backup.ts';
import { openDatabase } from './client.ts';
import { rowsOf } from './rows.ts';
import { seedDemo } from './seed/index.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

// Decision 0020: `npm run backup` / `npm run restore`; a restored backup has every order.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

type Fingerprint = { orders: number; items: number; sum: string; maxId: number };
const fingerprint = async (db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<Fingerprint> => {
  const result = await rowsOf<Fingerprint>(
    db,
    sql`
    select (select count(*)::int from orders) as orders,
           (select count(*)::int from order_items) as items,
           (select coalesce(sum(intern_id), 0)::text from orders) as sum,
           (select coalesce(max(id), 0)::int from orders) as "maxId"`,
  );
  return result[0]!;
};

// The PostgreSQL run of the server suite skips this (it is PGlite either way).
describe.skipIf(adminUrl)('embedded database', () => {
  it('a backup restored over changed data brings back every order and the files', async () => {
    const dataDir = path.join(tmp, 'data');
    let database = await openDatabase({ dataDir });
    await database.migrate();
    await seedDemo(database.db);
    const before = await fingerprint(database.db);
    expect(before.orders).toBeGreaterThan(100);
    fs.mkdirSync(path.join(dataDir, 'files', 'orders'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', 'orders', 'a.pdf'), '%PDF-1.4 před zálohou');

    await database.close();
    // While a running app (another live process) holds the lock, a backup is refused instead of
    // copying a live folder.
    const lock = path.join(dataDir, 'pgdata.lock');
    fs.writeFileSync(lock, String(process.ppid));
    await expect(backupEmbedded(dataDir)).rejects.toThrow(/in use by process/);
    fs.rmSync(lock);

    const archive = await backupEmbedded(dataDir);
    expect(archive).toMatch(/backups\/letokruh-.*\.tar\.gz$/);

    // Orders lost and a file overwritten after the backup…
    database = await openDatabase({ dataDir });
    await database.db.execute(
      sql`delete from order_items where order_id in (select id from orders where id % 2 = 0)`,
    );
    await database.db.execute(sql`delete from stock_ledger where order_id is not null`);
    await database.db.execute(sql`delete from orders where id % 2 = 0`);
    expect((await fingerprint(database.db)).orders).toBeLessThan(before.orders);
    await database.close();
    fs.writeFileSync(path.join(dataDir, 'files', 'orders', 'a.pdf'), 'přepsáno');

    // …are back after the restore, and what it replaced is kept aside.
    const { keptAside } = await restoreEmbedded(dataDir, archive);
    expect(fs.existsSync(path.join(keptAside, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'files', 'orders', 'a.pdf'), 'utf8')).toBe(
      '%PDF-1.4 před zálohou',
    );
    database = await openDatabase({ dataDir });
    expect(await fingerprint(database.db)).toEqual(before);
    await database.close();
  }, 180_000);

  it('a file that is no backup is refused and the data stays as it was', async () => {
    const dataDir = path.join(tmp, 'data');
    const bogus = path.join(tmp, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not a tarball');
    const before = fs.readdirSync(path.join(dataDir, 'pgdata')).length;
    await expect(restoreEmbedded(dataDir, bogus)).rejects.toThrow();
    expect(fs.readdirSync(path.join(dataDir, 'pgdata')).length).toBe(before);
    const database = await openDatabase({ dataDir });
    expect((await fingerprint(database.db)).orders).toBeGreaterThan(100);
    await database.close();
  }, 60_000);
});

describe.runIf(adminUrl)('PostgreSQL server (pg_dump / pg_restore)', () => {
  const names = [
    `lt_backup_${randomBytes(4).toString('hex')}`,
    `lt_restore_${randomBytes(4).toString('hex')}`,
  ];
  const urlOf = (name: string) => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists ${name} with (force)`);
  });

  it('a dump restored into an empty database has every order', async () => {
    for (const name of names) await admin(`create database ${name}`);
    const source = await openDatabase({ databaseUrl: urlOf(names[0]!) });
    await source.migrate();
    await seedDemo(source.db);
    const before = await fingerprint(source.db);
    await source.close();

    const file = backupPostgres(urlOf(names[0]!), path.join(tmp, 'server.dump'));
    restorePostgres(urlOf(names[1]!), file);
    const restored = await openDatabase({ databaseUrl: urlOf(names[1]!) });
    expect(await fingerprint(restored.db)).toEqual(before);
    await restored.close();
  }, 180_000);
});
