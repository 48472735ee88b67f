import fs from 'node:fs/promises';
import path from 'node:path';
import { permissions as allPermissions } from '@letokruh/contracts/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrationDb, migrationDb, migrationsFolder } from '../test/migration-db.ts';

// Decision 0021: migration 0016 adds manage_warehouse without giving anybody a right they did not
// have. A database is migrated up to 0014, given a custom matrix as an owner might have saved it,
// and then migrated to the end.
let m: MigrationDb;
let run: MigrationDb['run'];
let migrateTo: MigrationDb['migrateTo'];
const folder = migrationsFolder;
let upTo0014: string;

beforeAll(async () => {
  m = await migrationDb(14);
  ({ run, migrateTo, upTo: upTo0014 } = m);
});
afterAll(() => m?.close());

const grantsOf = async (fn: string) =>
  (
    (await run(sql`select p.codename from function_permissions fp
      join functions f on f.id = fp.function_id join permissions p on p.id = fp.permission_id
      where f.name = ${fn} order by p.codename`)) as { codename: string }[]
  ).map((r) => r.codename);

describe('migration 0016 (manage_warehouse)', () => {
  it('gives it to owner and dispatcher functions that could edit warehouses, and to nobody else', async () => {
    await migrateTo(upTo0014);
    // The permissions of before: all but the new one.
    const before = allPermissions.filter((p) => p !== 'manage_warehouse');
    await run(sql`insert into functions (name) values
      ('owner'), ('dispatcher'), ('technical_specialist'), ('warehouseman'), ('driver')`);
    for (const p of before) await run(sql`insert into permissions (codename) values (${p})`);
    const grant = async (fn: string, codes: string[]) =>
      run(sql`insert into function_permissions (function_id, permission_id)
        select f.id, p.id from functions f, permissions p
        where f.name = ${fn} and p.codename = any(${sql.param(codes)}::text[])`);
    // A custom matrix: the dispatcher lost change_warehouse, the technician and the warehouseman
    // were given it, the driver has nothing of warehouses.
    await grant('owner', before);
    await grant('dispatcher', ['view_order', 'view_warehouse']);
    await grant('technical_specialist', ['view_warehouse', 'change_warehouse']);
    await grant('warehouseman', ['view_warehouse', 'change_warehouse']);
    await grant('driver', ['view_order']);
    const was = Object.fromEntries(
      await Promise.all(
        ['owner', 'dispatcher', 'technical_specialist', 'warehouseman', 'driver'].map(
          async (fn) => [fn, await grantsOf(fn)] as const,
        ),
      ),
    );

    await migrateTo(folder);

    expect(await grantsOf('owner')).toEqual([...was.owner!, 'manage_warehouse'].sort());
    // Nobody else gains anything: not the dispatcher without change_warehouse, nor the others.
    for (const fn of ['dispatcher', 'technical_specialist', 'warehouseman', 'driver']) {
      expect(await grantsOf(fn), fn).toEqual(was[fn]);
    }
    // The list of permissions now has it, once, last.
    const codes = (
      (await run(sql`select codename from permissions order by id`)) as { codename: string }[]
    ).map((r) => r.codename);
    expect(codes).toEqual([...before, 'manage_warehouse']);
    // And the scoped order list's index exists.
    const indexes = await run(
      sql`select indexname from pg_indexes where indexname = 'orders_warehouse_id_idx'`,
    );
    expect(indexes).toHaveLength(1);
  });

  it('a dispatcher holding change_warehouse (the default) gets it', async () => {
    // A second look at the rule on the same statement: run 0016's grant again for a dispatcher
    // who had change_warehouse (the migration itself is applied once; its grant is idempotent).
    const sqlText = await fs.readFile(path.join(folder, '0016_manage_warehouse.sql'), 'utf8');
    const grant = sqlText.split('--> statement-breakpoint')[1]!;
    await run(sql`insert into function_permissions (function_id, permission_id)
      select f.id, p.id from functions f, permissions p where f.name = 'dispatcher' and p.codename = 'change_warehouse'`);
    await run(sql.raw(grant));
    expect(await grantsOf('dispatcher')).toContain('manage_warehouse');
    expect(await grantsOf('warehouseman')).not.toContain('manage_warehouse');
    expect(await grantsOf('technical_specialist')).not.toContain('manage_warehouse');
  });
});
