import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type ServerProcess, startServer } from '../../scale-out/processes.ts';
import { createServerDatabase } from '../../test/build.ts';
import { runCli } from '../../test/cli.ts';

/**
 * Moving in against the real thing (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md):
 * a second server process with the demo data is the old system; `npm run import` reads it into an
 * empty database (embedded, and PostgreSQL when TEST_DATABASE_URL is set); a third process serves
 * the result, and every imported entity is compared through the API of both, ids aside.
 */
const importCli = path.resolve(import.meta.dirname, 'import.cli.ts');
const setupCli = path.resolve(import.meta.dirname, '../setup/setup.cli.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-import-'));
const cleanups: (() => Promise<unknown>)[] = [];
let old: ServerProcess;
let oldClient: HttpClient;

beforeAll(async () => {
  old = await startServer({
    port: 3623,
    env: { DATA_DIR: path.join(tmp, 'old'), SEED_DEMO: 'always' },
    readyMs: 180_000,
  });
  cleanups.push(() => old.stop());
  oldClient = new HttpClient(old.base, 30_000);
  expect(await oldClient.login('owner')).toBe(200);
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const items = async (client: HttpClient, url: string) =>
  (await client.get(url)).json<{ items: Json[] }>().items;

async function allPages(client: HttpClient, url: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const got = await items(
      client,
      `${url}${url.includes('?') ? '&' : '?'}per_page=100&current_page=${page}`,
    );
    out.push(...got);
    if (got.length < 100) return out;
  }
}

/** Everything the import brings, as the API answers it, with the ids of this database left out. */
async function snapshot(client: HttpClient) {
  const users = (await allPages(client, '/api/users'))
    .filter((u) => u.username !== 'boss')
    .map(
      ({ id: _i, version: _v, sign_in_locked_until: _l, ...u }): Json => ({
        ...u,
        functions: (u.functions as Json[]).map((f) => f.name).sort(),
      }),
    )
    .sort((a, b) => String(a.username).localeCompare(String(b.username)));
  const warehouseList = await allPages(client, '/api/warehouses?hidden=true');
  const warehouses = [];
  const stock: Record<string, Json[]> = {};
  for (const summary of warehouseList) {
    const { item } = (await client.get(`/api/warehouse/${summary.id}`)).json<{ item: Json }>();
    const staff = (list: unknown) => (list as Json[]).map((s) => s.username).sort();
    warehouses.push({
      ...item,
      id: undefined,
      version: undefined,
      drivers: staff(item.drivers),
      warehousemen: staff(item.warehousemen),
      cars: (item.cars as Json[]).map(({ id: _c, ...car }) => car),
    });
    stock[String(item.name)] = (await allPages(client, `/api/warehouse/${summary.id}/product_stock`))
      .map((s) => ({ product: (s.product as Json).name, amount: s.amount }))
      .sort((a, b) => String(a.product).localeCompare(String(b.product)));
  }
  const suppliers = (await items(client, '/api/suppliers')).map(({ id: _i, ...s }) => s);
  const adtypes = (await items(client, '/api/adtypes')).map(({ id: _i, ...a }) => a);
  const customers = (await allPages(client, '/api/customers'))
    .map(({ id: _i, version: _v, ...c }) => c)
    .sort((a, b) => Number(a.intern_id) - Number(b.intern_id));
  const products = [];
  for (const listed of await allPages(client, '/api/products')) {
    const { item } = (await client.get(`/api/product/${listed.id}`)).json<{ item: Json }>();
    const price = ({ id: _p, warehouse, ...p }: Json) => ({ ...p, warehouse: (warehouse as Json).name });
    // The API lists prices by warehouse id, which differs between the two databases.
    const byKey = (list: unknown) =>
      (list as Json[]).map(price).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    products.push({
      ...item,
      id: undefined,
      prices: byKey(item.prices),
      price_history: byKey(item.price_history),
    });
  }
  return { users, warehouses, stock, suppliers, adtypes, customers, products };
}

async function importInto(env: Record<string, string>, port: number) {
  const setup = await runCli(setupCli, ['--username', 'boss', '--first-name', 'B', '--last-name', 'O'], {
    ...env,
    SETUP_OWNER_PASSWORD: 'secret-pass-1',
  });
  expect(setup.code, setup.out).toBe(0);
  const report = path.join(tmp, `report-${port}.json`);
  const args = ['--from', old.base, '--user', 'owner', '--report', report];
  const first = await runCli(importCli, args, { ...env, IMPORT_PASSWORD: 'demo' });
  expect(first.code, first.out).toBe(0);
  expect(first.out).toContain('No problems.');
  const counts = JSON.parse(fs.readFileSync(report, 'utf8')).counts as Record<string, { added: number }>;
  expect(counts.customers?.added).toBe(300);

  // The second run reads everything again and writes nothing.
  const second = await runCli(importCli, args, { ...env, IMPORT_PASSWORD: 'demo' });
  expect(second.code, second.out).toBe(0);
  const again = JSON.parse(fs.readFileSync(report, 'utf8')).counts as Record<string, Json>;
  for (const [entity, c] of Object.entries(again)) {
    expect({ entity, added: c.added, updated: c.updated, refused: c.refused }).toEqual({
      entity,
      added: 0,
      updated: 0,
      refused: 0,
    });
  }

  const server = await startServer({ port, env });
  cleanups.push(() => server.stop());
  const client = new HttpClient(server.base, 30_000);
  expect(await client.login('boss', 'secret-pass-1')).toBe(200);
  // A user brought over has no password: the old one cannot be read through the API.
  expect(await new HttpClient(server.base).login('dispatcher', 'demo')).toBe(400);
  const [before, after] = [await snapshot(oldClient), await snapshot(client)];
  expect(after.users).toEqual(before.users);
  expect(after.warehouses).toEqual(before.warehouses);
  expect(after.stock).toEqual(before.stock);
  expect(after.suppliers).toEqual(before.suppliers);
  expect(after.adtypes).toEqual(before.adtypes);
  expect(after.customers).toEqual(before.customers);
  expect(after.products).toEqual(before.products);
  await server.stop();
}

describe('npm run import from a second server with the demo data', () => {
  it('into an empty embedded database: every entity equal, a second run writes nothing', async () => {
    await importInto({ DATA_DIR: path.join(tmp, 'new-embedded') }, 3624);
  }, 600_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'into an empty PostgreSQL database: the same',
    async () => {
      const database = await createServerDatabase(process.env.TEST_DATABASE_URL!, undefined);
      cleanups.push(() => database.drop());
      await importInto({ DATABASE_URL: database.url, DATA_DIR: path.join(tmp, 'new-postgres') }, 3625);
    },
    600_000,
  );
});
