import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import { newPglite, openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { HttpClient, type ServerProcess, startServer } from '../../scale-out/processes.ts';
import { createServerDatabase } from '../../test/build.ts';
import { runCli } from '../../test/cli.ts';

/**
 * Moving in against the real thing (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md),
 * shared by `import.test.ts` (into an embedded database) and `import-postgres.test.ts`: a server
 * process with the demo data is the old system; `npm run import` reads it into an empty database;
 * a third process serves the result, and every imported entity is compared through the API of
 * both, ids aside.
 */
const importCli = path.resolve(import.meta.dirname, 'import.cli.ts');
const setupCli = path.resolve(import.meta.dirname, '../setup/setup.cli.ts');

export type OldSystemFixture = {
  old: ServerProcess;
  oldClient: HttpClient;
  /** A folder of the file's own: the old system's, the reports, the embedded targets. */
  tmp: string;
  /** The number of the draft made in the old system, which the import must leave. */
  draftNumber: number;
  /** Everything the import brings, as the old system answers it: taken once, beside the import. */
  before: Promise<Snapshot>;
  cleanups: (() => Promise<unknown>)[];
  stop(): Promise<void>;
};

/**
 * The old system on `port`: a copy of the run's migrated database with the demo data
 * (test/template.ts: a PostgreSQL database when TEST_DATABASE_URL is set, else the embedded data
 * folder) rather than a server seeding its own, the slower way; then what the demo lacks.
 */
export async function startOldSystem(port: number): Promise<OldSystemFixture> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-import-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const dataDir = path.join(tmp, 'old');
    const env: Record<string, string> = { DATA_DIR: dataDir };
    const template = inject('dbTemplate');
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl && template?.engine === 'postgres') {
      const database = await createServerDatabase(adminUrl, template.name);
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    } else if (!adminUrl && template?.engine === 'pglite') {
      fs.mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
      const copy = newPglite(path.join(dataDir, 'pgdata'), new Blob([fs.readFileSync(template.file)]));
      await copy.waitReady;
      await copy.close();
    } else env.SEED_DEMO = 'always';
    const old = await startServer({ port, env, readyMs: 180_000 });
    cleanups.push(() => old.stop());
    const oldClient = new HttpClient(old.base, 30_000);
    expect(await oldClient.login('owner')).toBe(200);
    const draftNumber = await prepareOldSystem(oldClient);
    const before = snapshot(oldClient);
    // Awaited by the comparison; a failure before then is not an unhandled rejection.
    before.catch(() => undefined);
    return { old, oldClient, tmp, draftNumber, before, cleanups, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/**
 * What the demo lacks and the import must bring or leave: files of a customer, an order and a
 * haul, a permission the owner changed, and a draft (not brought).
 */
async function prepareOldSystem(oldClient: HttpClient): Promise<number> {
  const [customer] = await items(oldClient, '/api/customers?per_page=10');
  const [order] = await items(oldClient, '/api/orders?per_page=10&state=done');
  const [haul] = await items(oldClient, '/api/transportations?per_page=10');
  const pdf = { data: Buffer.from('%PDF-1.4 smlouva o dodávkách'), type: 'application/pdf' };
  const uploads = [
    { owner: `customer/${customer!.id}`, title: 'Smlouva', fileType: 'Jiné', name: 'smlouva.pdf', ...pdf },
    {
      owner: `order/${order!.id}`,
      title: 'Foto skládky',
      fileType: 'Jiné',
      name: 'skladka.png',
      data: png,
      type: 'image/png',
    },
    { owner: `order/${order!.id}`, title: 'Faktura 1', fileType: 'Faktura', name: 'faktura.pdf', ...pdf },
    { owner: `transportation/${haul!.id}`, title: 'CMR', fileType: 'Dodací list', name: 'cmr.pdf', ...pdf },
  ];
  for (const file of uploads) {
    const form = new FormData();
    form.set('title', file.title);
    form.set('file_type', file.fileType);
    form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    expect((await oldClient.post(`/api/${file.owner}/files/add`, form)).status).toBe(201);
  }
  const matrix = (await oldClient.get('/api/permissions')).json<{ functions: Json[] }>();
  const driver = matrix.functions.find((f) => f.name === 'driver')!;
  const permissions = [...(driver.permissions as string[]), 'view_product'];
  expect((await oldClient.put('/api/permissions', { name: 'driver', permissions })).status).toBe(200);
  const draft = (await oldClient.get('/api/order/add')).json<{ id: number }>();
  return (await oldClient.get(`/api/order/${draft.id}`)).json<{ item: { intern_id: number } }>().item
    .intern_id;
}

export type Json = Record<string, unknown>;
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

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

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

/**
 * Sets up the database of `env` (embedded when it has no DATABASE_URL) with `npm run setup`, runs
 * the import from the old system into it (a dry run, a real one, a second one), serves it from a
 * third process on `port` and compares every entity with the old system's.
 */
export async function importInto(from: OldSystemFixture, env: Record<string, string>, port: number) {
  const { old, tmp } = from;
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
      sql`select count(*)::int as n from orders where intern_id = ${from.draftNumber} or draft_touched_at is not null`,
    );
    expect(drafts[0]!.n).toBe(0);
  } finally {
    await database.close();
  }

  const server = await startServer({ port, env });
  from.cleanups.push(() => server.stop());
  const client = new HttpClient(server.base, 30_000);
  expect(await client.login('boss', 'secret-pass-1')).toBe(200);
  // A user brought over has no password: the old one cannot be read through the API.
  expect(await new HttpClient(server.base).login('dispatcher', 'demo')).toBe(400);
  // The old system's snapshot was taken while the import's database was made; this one meanwhile.
  const after = await snapshot(client);
  const before = await from.before;
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
