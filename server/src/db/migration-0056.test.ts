import { permissions as allPermissions } from '@letokruh/contracts/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrationDb, migrationDb, migrationsFolder } from '../test/migration-db.ts';

// domain.md §2.14: migration 0056 adds import_data for the owner function of an installation that
// exists, and for nobody else. A database is migrated up to 0054, given the permissions of before
// with a matrix as an owner might have saved it, and then migrated to the end.
let m: MigrationDb;
beforeAll(async () => {
  m = await migrationDb(54);
});
afterAll(() => m?.close());

const grantsOf = async (fn: string) =>
  (
    (await m.run(sql`select p.codename from function_permissions fp
      join functions f on f.id = fp.function_id join permissions p on p.id = fp.permission_id
      where f.name = ${fn} order by p.codename`)) as { codename: string }[]
  ).map((r) => r.codename);

describe('migration 0056 (spreadsheets, import_data)', () => {
  it('gives import_data to the owner function only, last in the list', async () => {
    await m.migrateTo(m.upTo);
    const before = allPermissions.filter((p) => p !== 'import_data');
    await m.run(sql`insert into functions (name) values
      ('owner'), ('dispatcher'), ('technical_specialist'), ('warehouseman'), ('driver')`);
    for (const p of before) await m.run(sql`insert into permissions (codename) values (${p})`);
    const grant = (fn: string, codes: readonly string[]) =>
      m.run(sql`insert into function_permissions (function_id, permission_id)
        select f.id, p.id from functions f, permissions p
        where f.name = ${fn} and p.codename = any(${sql.param([...codes])}::text[])`);
    await grant('owner', before);
    await grant('dispatcher', ['view_customer', 'add_customer', 'add_product']);
    const dispatcherBefore = await grantsOf('dispatcher');

    await m.migrateTo(migrationsFolder);

    expect(await grantsOf('owner')).toEqual([...before, 'import_data'].sort());
    expect(await grantsOf('dispatcher')).toEqual(dispatcherBefore);
    const codes = (
      (await m.run(sql`select codename from permissions order by id`)) as { codename: string }[]
    ).map((r) => r.codename);
    expect(codes).toEqual([...before, 'import_data']);
    const tables = await m.run(
      sql`select tablename from pg_tables where tablename in ('spreadsheet_imports', 'spreadsheet_mappings') order by 1`,
    );
    expect(tables).toEqual([{ tablename: 'spreadsheet_imports' }, { tablename: 'spreadsheet_mappings' }]);
  });

  it('a new database gets no permission from it: the seed adds them all', async () => {
    const fresh = await migrationDb(0);
    try {
      await fresh.migrateTo(migrationsFolder);
      expect(await fresh.run(sql`select codename from permissions`)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
