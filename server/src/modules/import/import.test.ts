import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
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
    port: 3643,
    env: { DATA_DIR: path.join(tmp, 'old'), SEED_DEMO: 'always' },
    readyMs: 180_000,
  });
  cleanups.push(() => old.stop());
  oldClient = new HttpClient(old.base, 30_000);
  expect(await oldClient.login('owner')).toBe(200);
  await prepareOldSystem();
}, 240_000);

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let draftNumber = 0;

/**
 * What the demo lacks and the import must bring or leave: files of a customer, an order and a
 * haul, a permission the owner changed, and a draft (not brought).
 */
async function prepareOldSystem() {
  const upload = async (
    url: string,
    title: string,
    fileType: string,
    name: string,
    data: Buffer,
    type: string,
  ) => {
    const form = new FormData();
    form.set('title', title);
    form.set('file_type', fileType);
    form.set('file', new Blob([new Uint8Array(data)], { type }), name);
    expect((await oldClient.post(url, form)).status).toBe(201);
  };
  const [customer] = await items(oldClient, '/api/customers?per_page=10');
  const [order] = await items(oldClient, '/api/orders?per_page=10&state=done');
  const [haul] = await items(oldClient, '/api/transportations?per_page=10');
  const pdf = Buffer.from('%PDF-1.4 smlouva o dodávkách');
  await upload(
    `/api/customer/${customer!.id}/files/add`,
    'Smlouva',
    'Jiné',
    'smlouva.pdf',
    pdf,
    'application/pdf',
  );
  await upload(`/api/order/${order!.id}/files/add`, 'Foto skládky', 'Jiné', 'skladka.png', png, 'image/png');
  await upload(
    `/api/order/${order!.id}/files/add`,
    'Faktura 1',
    'Faktura',
    'faktura.pdf',
    pdf,
    'application/pdf',
  );
  await upload(
    `/api/transportation/${haul!.id}/files/add`,
    'CMR',
    'Dodací list',
    'cmr.pdf',
    pdf,
    'application/pdf',
  );
  const matrix = (await oldClient.get('/api/permissions')).json<{ functions: Json[] }>();
  const driver = matrix.functions.find((f) => f.name === 'driver')!;
  const permissions = [...(driver.permissions as string[]), 'view_product'];
  expect((await oldClient.put('/api/permissions', { name: 'driver', permissions })).status).toBe(200);
  const draft = (await oldClient.get('/api/order/add')).json<{ id: number }>();
  draftNumber = (await oldClient.get(`/api/order/${draft.id}`)).json<{ item: { intern_id: number } }>().item
    .intern_id;
}

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
  return {
    users,
    warehouses,
    stock,
    suppliers,
    adtypes,
    customers,
    products,
    ...(await moreSnapshot(client)),
  };
}

const withoutId = ({ id: _i, ...rest }: Json) => rest;
const idLess = (value: unknown) => (value && typeof value === 'object' ? withoutId(value as Json) : value);
/** A file as both systems answer it, and a digest of its bytes. */
async function fileOf(client: HttpClient, owner: string, ownerId: unknown, file: Json) {
  const download = await fetch(`${client.base}/api/${owner}/${ownerId}/files/${file.id}/download`, {
    headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  const bytes = Buffer.from(await download.arrayBuffer());
  const { id: _i, uploaded_by, ...rest } = file;
  return {
    ...rest,
    uploaded_by: idLess(uploaded_by),
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** Orders with their lines and files, closures, vacations, hauls and the permission matrix. */
async function moreSnapshot(client: HttpClient) {
  const orders: Json[] = [];
  for (const listed of await allPages(client, '/api/orders?state=all&sort=created&direction=asc')) {
    const { item } = (await client.get(`/api/order/${listed.id}`)).json<{ item: Json }>();
    const { id: _i, version: _v, customer, files, products, ...order } = item;
    orders.push({
      ...order,
      customer: customer && { ...withoutId(customer as Json), version: undefined },
      warehouse: idLess(order.warehouse),
      driver: idLess(order.driver),
      car: idLess(order.car),
      default_supplier: idLess(order.default_supplier),
      ad_type: idLess(order.ad_type),
      collected_revenue_by: idLess(order.collected_revenue_by),
      products: (products as Json[]).map((line) => {
        const price = line.product as Json;
        return { ...withoutId(line), product: { ...price, product: withoutId(price.product as Json) } };
      }),
      files: await Promise.all((files as Json[]).map((f) => fileOf(client, 'order', listed.id, f))),
    });
  }
  orders.sort((a, b) => Number(a.intern_id) - Number(b.intern_id));
  const customerFiles = [];
  for (const listed of await allPages(client, '/api/customers')) {
    const { customer } = (await client.get(`/api/customer/${listed.id}`)).json<{ customer: Json }>();
    for (const file of customer.files as Json[]) {
      customerFiles.push({
        customer: customer.intern_id,
        ...(await fileOf(client, 'customer', listed.id, file)),
      });
    }
  }
  const closures = (await allPages(client, '/api/warehouse_vacations')).map((v) => ({
    ...withoutId(v),
    version: undefined,
    warehouse: idLess(v.warehouse),
  }));
  const vacations = (await allPages(client, '/api/user_vacations')).map((v) => ({
    ...withoutId(v),
    version: undefined,
    user: idLess(v.user),
  }));
  const transportations = [];
  for (const listed of await allPages(client, '/api/transportations')) {
    const { item } = (await client.get(`/api/transportation/${listed.id}`)).json<{ item: Json }>();
    const names = (list: unknown) => (list as Json[]).map(withoutId);
    transportations.push({
      ...withoutId(item),
      version: undefined,
      driver: idLess(item.driver),
      license_plate: idLess(item.license_plate),
      recipient: idLess(item.recipient),
      subscriber: idLess(item.subscriber),
      wood_type: idLess(item.wood_type),
      cmr_wagon_number: names(item.cmr_wagon_number),
      load_location: names(item.load_location),
      unload_location: names(item.unload_location),
      files: await Promise.all(
        (item.files as Json[]).map((f) => fileOf(client, 'transportation', listed.id, f)),
      ),
    });
  }
  const data = (await client.get('/api/transportations/data')).json<Record<string, Json[]>>();
  const transportData = Object.fromEntries(
    Object.entries(data).map(([k, list]) => [k, list.map((e) => e.name)]),
  );
  const matrix = (await client.get('/api/permissions')).json<{ functions: Json[] }>();
  const permissions = Object.fromEntries(
    matrix.functions.map((f) => [f.name, [...(f.permissions as string[])].sort()]),
  );
  return { orders, customerFiles, closures, vacations, transportations, transportData, permissions };
}

async function importInto(env: Record<string, string>, port: number) {
  const setup = await runCli(setupCli, ['--username', 'boss', '--first-name', 'B', '--last-name', 'O'], {
    ...env,
    SETUP_OWNER_PASSWORD: 'secret-pass-1',
  });
  expect(setup.code, setup.out).toBe(0);
  const report = path.join(tmp, `report-${port}.json`);
  const args = ['--from', old.base, '--user', 'owner', '--report', report];
  // A dry run says what the real one then does, entity by entity, and writes nothing.
  const dry = await runCli(importCli, [...args, '--dry-run'], { ...env, IMPORT_PASSWORD: 'demo' });
  expect(dry.code, dry.out).toBe(0);
  expect(dry.out).toContain('Would be written');
  const stored = () =>
    fs.existsSync(path.join(env.DATA_DIR!, 'files'))
      ? fs
          .readdirSync(path.join(env.DATA_DIR!, 'files'), { recursive: true, withFileTypes: true })
          .filter((f) => f.isFile())
      : [];
  expect(stored()).toEqual([]);
  const wouldBe = JSON.parse(fs.readFileSync(report, 'utf8')).counts as Record<string, Json>;
  const first = await runCli(importCli, args, { ...env, IMPORT_PASSWORD: 'demo' });
  expect(first.code, first.out).toBe(0);
  expect(first.out).toContain('No problems.');
  const counts = JSON.parse(fs.readFileSync(report, 'utf8')).counts as Record<string, Json>;
  expect(counts.customers?.added).toBe(300);
  expect(counts.files?.added).toBe(4);
  expect(wouldBe).toEqual(counts);
  expect(stored()).toHaveLength(4);

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

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    // The ledger's sums are the old amounts, all of them opening balances: orders moved no stock.
    const ledger = await rowsOf<{ reason: string; off: number }>(
      database.db,
      sql`select (select string_agg(distinct reason, ',') from stock_ledger) as reason,
            (select count(*)::int from product_stock ps where ps.amount <> coalesce((select sum(l.delta)
              from stock_ledger l where l.warehouse_id = ps.warehouse_id and l.product_id = ps.product_id), 0)) as off`,
    );
    expect(ledger[0]).toEqual({ reason: 'opening_balance', off: 0 });
    const drafts = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from orders where intern_id = ${draftNumber} or draft_touched_at is not null`,
    );
    expect(drafts[0]!.n).toBe(0);
  } finally {
    await database.close();
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
  expect(after.orders.length).toBeGreaterThan(200);
  expect(after.orders).toEqual(before.orders);
  expect(after.customerFiles).toEqual(before.customerFiles);
  expect(after.customerFiles).toHaveLength(1);
  expect(after.closures).toEqual(before.closures);
  expect(after.vacations).toEqual(before.vacations);
  expect(after.transportations).toEqual(before.transportations);
  expect(after.transportData).toEqual(before.transportData);
  expect(after.permissions).toEqual(before.permissions);
  expect(after.permissions.driver).toContain('view_product');

  // Orders added after the move are numbered above the old ones of their year.
  const fresh = (await client.get('/api/order/add')).json<{ id: number }>();
  const number = (await client.get(`/api/order/${fresh.id}`)).json<{ item: { intern_id: number } }>().item
    .intern_id;
  const sameYear = before.orders
    .map((o) => Number(o.intern_id))
    .filter((n) => Math.floor(n / 1e6) === Math.floor(number / 1e6));
  expect(number).toBeGreaterThan(Math.max(...sameYear));
  await server.stop();
}

describe('npm run import from a second server with the demo data', () => {
  it('into an empty embedded database: every entity equal, a second run writes nothing', async () => {
    await importInto({ DATA_DIR: path.join(tmp, 'new-embedded') }, 3644);
  }, 600_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'into an empty PostgreSQL database: the same',
    async () => {
      const database = await createServerDatabase(process.env.TEST_DATABASE_URL!, undefined);
      cleanups.push(() => database.drop());
      await importInto({ DATABASE_URL: database.url, DATA_DIR: path.join(tmp, 'new-postgres') }, 3645);
    },
    600_000,
  );
});
