import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { createServerDatabase } from '../../test/build.ts';
import { runCli } from '../../test/cli.ts';

/**
 * Moving in from an old system that misbehaves (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md):
 * a fake on loopback answers malformed records, a 500 on one page and a slow page; the report
 * names each and the run goes on. A run killed with SIGKILL halfway and started again ends
 * where one clean run ends. On PostgreSQL when TEST_DATABASE_URL is set, else embedded.
 */
const importCli = path.resolve(import.meta.dirname, 'import.cli.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'letokruh-import-faults-'));
const cleanups: (() => Promise<unknown>)[] = [];
const port = 3646;
const fake = {
  failPage2: false,
  hangPage3: false,
  slowOncePage4: false,
  cap: 10_000,
  orderDetails: [] as number[],
};
let server: http.Server;

const customer = (id: number) => ({
  id,
  // Customer 30 claims customer 29's number: the database refuses it, the rest of its page stays.
  intern_id: 20_000 + (id === 30 ? 29 : id),
  name: `Zákazník ${id}`,
  first_name: id === 7 ? '' : 'Zákazník',
  last_name: String(id),
  organization_id: id === 23 ? '12345678' : '',
  organization_name: '',
  vat_id: '',
  email: `z${id}@example.cz`,
  phone: `603${String(100_000 + id)}`,
  pre_phone: '+420',
  whole_phone: `+420603${String(100_000 + id)}`,
  address: {
    full_address: `Hlavní ${id}`,
    town: 'Jihlava',
    zip_code: '586 01',
    country: 'Česká republika',
    gps_lat: 49.4,
    gps_lon: 15.59,
    navigation_link: '',
  },
  to_contact: false,
  version: 1,
});
const user = (id: number, username: string) => ({
  id,
  username,
  first_name: 'Anna',
  last_name: 'Malá',
  name: 'Anna Malá',
  email: '',
  phone: '',
  avatar: false,
  is_active: true,
  functions: [{ id: 2, name: 'dispatcher' }],
  maximum_order_count: null,
  sign_in_locked_until: null,
  version: 1,
});

/**
 * Twelve orders, latest delivery first as the list sorts them: 2 names a product never brought,
 * 5 a refused customer (7's is customer 1); 11 and 12 are cancelled (read one by one), and 12's detail answers 500.
 */
const orderIds = Array.from({ length: 12 }, (_, i) => i + 1);
const order = (id: number) => {
  const customerOf = customer(id === 5 ? 23 : id === 7 ? 1 : id);
  return {
    id,
    intern_id: 2026_000_100 + id,
    draft: false,
    hidden: id >= 11,
    done: id === 4,
    prepared: id === 4,
    collected_revenue_by: null,
    collected_revenue_at: id === 3 ? '2026-03-10T09:00:00.000Z' : null,
    pay_by_cash: false,
    payment_type: 'qr_transfer',
    created: '2026-02-01T10:00:00.000Z',
    expected_delivery_date: `2026-03-${String(20 - id).padStart(2, '0')}`,
    expected_delivery_time: '08:30',
    expected_delivery_datetime: `2026-03-${String(20 - id).padStart(2, '0')}T08:30`,
    expected_delivery_duration: 45,
    distance: 12.5,
    duration: 20,
    expected_travel_length: 25,
    product_prices: 0,
    total_price: 0,
    total_price_vat: 0,
    price_with_vat: 0,
    vat_recap: [],
    amount_to_pay: 0,
    cash_rounding: 0,
    currency: 'CZK',
    note: `Objednávka ${id}`,
    ad_type: null,
    calendar_name: 'Zákazník',
    warehouse: null,
    driver: null,
    car: null,
    default_supplier: null,
    customer: customerOf,
    address: customerOf.address,
    products:
      id === 2
        ? [
            {
              id: 1,
              amount: 2,
              prepared: false,
              product: {
                product: {
                  id: 77,
                  name: 'Štěpka',
                  shorten_name: 'Š',
                  type: 'Měkké',
                  subtype: null,
                  length: 33,
                  measurement_unit: 'PRMS',
                },
                amount: 1200,
                currency: 'CZK',
                vat: 12,
                discount: 1,
              },
              total_price_vat: 2400,
              total_price: 2142.86,
            },
          ]
        : [],
    delivery_price: { amount: 30, minimum_price: 600, price: 750 },
    version: 1,
  };
};

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/api/config') return json(200, {}, { 'set-cookie': 'csrftoken_new=tok; Path=/' });
  if (url.pathname === '/api/auth/login') {
    const ok = req.headers['x-csrftoken'] === 'tok' && /csrftoken_new=tok/.test(req.headers.cookie ?? '');
    return ok ? json(200, { user: {} }, { 'set-cookie': 'sessionid=s1; Path=/; HttpOnly' }) : json(403, {});
  }
  if (!/sessionid=s1/.test(req.headers.cookie ?? '')) return json(401, { error_code: 112 });
  if (url.pathname === '/api/users')
    return json(200, { items: [user(1, 'anna'), user(2, 'bad name!')], total: 2 });
  if (url.pathname === '/api/adtypes') {
    return json(200, {
      items: [
        { id: 1, name: 'Leták', active: true },
        { id: 2, name: '', active: true },
      ],
    });
  }
  if (url.pathname === '/api/customers') {
    const page = Number(url.searchParams.get('current_page'));
    const size = Number(url.searchParams.get('per_page'));
    // domain.md §1.7 paging: the phone filter is a substring of whole_phone; a list answers at most
    // `cap` rows (its total says cap + 1) and refuses a page that starts past them.
    const phone = url.searchParams.get('phone') ?? '';
    const all = Array.from({ length: 35 }, (_, i) => i + 1).filter((id) =>
      customer(id).whole_phone.includes(phone),
    );
    if ((page - 1) * size >= fake.cap) return json(400, { error_code: 120 });
    const ids = all.slice(0, fake.cap).slice((page - 1) * size, page * size);
    const send = () => json(200, { items: ids.map(customer), total: Math.min(all.length, fake.cap + 1) });
    if (page === 2 && fake.failPage2 && !phone) return json(500, { error_code: 500 });
    if (page === 3 && fake.hangPage3) return setTimeout(send, 120_000);
    if (page === 4 && fake.slowOncePage4) {
      fake.slowOncePage4 = false;
      return setTimeout(send, 4_000);
    }
    return send();
  }
  if (url.pathname === '/api/orders') {
    // Keyset paging: next_after is the index of the page's last order.
    const size = Number(url.searchParams.get('per_page'));
    const from = Number(url.searchParams.get('after') ?? 0);
    const ids = orderIds.slice(from, from + size);
    return json(200, {
      items: ids.map((id) => order(id)),
      total: orderIds.length,
      next_after: ids.length ? String(from + ids.length) : null,
    });
  }
  if (url.pathname === '/api/api/get-orders') {
    const days = (url.searchParams.get('dates') ?? '').split(',');
    const data = orderIds
      .map((id) => order(id))
      .filter((o) => !o.hidden && days.includes(o.expected_delivery_date));
    return json(200, { data });
  }
  const detail = /^\/api\/order\/(\d+)$/.exec(url.pathname);
  if (detail) {
    const id = Number(detail[1]);
    fake.orderDetails.push(id);
    return id === 12 ? json(500, { error_code: 500 }) : json(200, { item: { ...order(id), files: [] } });
  }
  return json(200, { items: [], total: 0 });
}

beforeAll(async () => {
  server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  server.closeIdleConnections();
});
afterAll(async () => {
  server.closeAllConnections();
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** An empty target database of the engine this run tests. */
async function target(name: string): Promise<Record<string, string>> {
  const dataDir = path.join(tmp, name);
  if (!process.env.TEST_DATABASE_URL) return { DATA_DIR: dataDir };
  const database = await createServerDatabase(process.env.TEST_DATABASE_URL, undefined);
  cleanups.push(() => database.drop());
  return { DATA_DIR: dataDir, DATABASE_URL: database.url };
}

async function importedCustomers(env: Record<string, string>) {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const rows = await rowsOf<{ intern_id: string; n: string }>(
      database.db,
      sql`
      select c.intern_id, (select count(*) from import_ids m where m.entity = 'customers' and m.new_id = c.id) as n
      from customers c order by c.intern_id`,
    );
    return rows.map((r) => `${r.intern_id}×${r.n}`);
  } finally {
    await database.close();
  }
}

const args = (report: string, extra: string[] = [], only = 'users,adtypes,customers') => [
  '--from',
  `http://127.0.0.1:${port}`,
  '--user',
  'importer',
  '--only',
  only,
  '--page-size',
  '10',
  '--report',
  report,
  ...extra,
];
const env = (db: Record<string, string>) => ({ ...db, IMPORT_PASSWORD: 'old-password' });

describe('npm run import from an old system that misbehaves', () => {
  it('reports bad records, a page that answers 500 and a timeout, and goes on', async () => {
    const db = await target('report');
    const report = path.join(tmp, 'report.json');
    Object.assign(fake, { failPage2: true, slowOncePage4: true, hangPage3: false });
    const run = await runCli(importCli, args(report, ['--timeout-ms', '2000']), env(db));
    expect(run.code, run.out).toBe(0);
    const first = JSON.parse(fs.readFileSync(report, 'utf8'));
    const reasons = first.problems.map((p: { entity: string; old_id: string | null; reason: string }) =>
      [p.entity, p.old_id, p.reason].join(' '),
    );
    expect(reasons).toEqual([
      expect.stringMatching(/^users 2 username: /),
      expect.stringMatching(/^adtypes 2 name/),
      expect.stringMatching(/^customers 7 firstName: /),
      expect.stringMatching(
        /^customers {2}page not read: \/customers\?per_page=10&current_page=2: HTTP 500$/,
      ),
      expect.stringMatching(/^customers 23 organizationId: /),
      expect.stringMatching(/^customers 30 not written: /),
    ]);
    // Page 4 timed out once and was read on the next try.
    expect(first.counts.customers).toMatchObject({ read: 25, added: 22, refused: 3 });
    expect(run.out).toContain('6 problem(s)');
    expect(run.out).toContain('customers 7: firstName');

    // Once the old system answers page 2, a second run adds its ten and changes nothing else.
    fake.failPage2 = false;
    const second = await runCli(importCli, args(report), env(db));
    expect(second.code, second.out).toBe(0);
    const again = JSON.parse(fs.readFileSync(report, 'utf8'));
    expect(again.counts.customers).toMatchObject({
      read: 35,
      added: 10,
      updated: 0,
      unchanged: 22,
      refused: 3,
    });
    expect(await importedCustomers(db)).toHaveLength(32);

    // A dry run reads and checks, and writes nothing.
    const dry = await runCli(importCli, args(report, ['--dry-run']), env(await target('dry')));
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toContain('Would be written');
    expect(JSON.parse(fs.readFileSync(report, 'utf8')).counts.customers).toMatchObject({ added: 32 });
  }, 300_000);

  it('reads customers past the list cap in parts by phone; orders by keyset, refused with reasons', async () => {
    Object.assign(fake, { failPage2: false, slowOncePage4: false, hangPage3: false, cap: 20 });
    const db = await target('capped');
    const report = path.join(tmp, 'capped.json');
    const run = await runCli(importCli, args(report, ['--list-cap', '20'], 'customers,orders'), env(db));
    fake.cap = 10_000;
    expect(run.code, run.out).toBe(0);
    const result = JSON.parse(fs.readFileSync(report, 'utf8'));
    // All 35 read although the list answers 20 at most: 32 brought, the three bad ones refused.
    expect(result.counts.customers).toMatchObject({ total: 35, read: 35, added: 32, refused: 3 });
    expect(await importedCustomers(db)).toHaveLength(32);
    expect(result.counts.orders).toMatchObject({ read: 12, added: 9, refused: 3 });
    const orderProblems = result.problems
      .filter((p: { entity: string }) => p.entity === 'orders')
      .map((p: { old_id: string; reason: string }) => `${p.old_id} ${p.reason}`);
    expect(orderProblems).toEqual([
      '2 not imported: products 77',
      '5 not imported: customers 23',
      '12 /order/12: HTTP 500',
    ]);
    // Only the cancelled ones were read one by one; the rest came from the calendar call.
    expect([...new Set(fake.orderDetails)].sort((a, b) => a - b)).toEqual([11, 12]);
    const database = await openDatabase({ databaseUrl: db.DATABASE_URL, dataDir: db.DATA_DIR });
    try {
      const rows = await rowsOf<{ intern_id: string; hidden: boolean; paid: boolean; last: number }>(
        database.db,
        sql`select o.intern_id::text as intern_id, o.hidden, o.collected_revenue_at is not null as paid,
              (select last from order_number_counters where year = 2026) as last
            from orders o order by o.intern_id`,
      );
      expect(rows.map((r) => Number(r.intern_id) - 2026_000_100)).toEqual([1, 3, 4, 6, 7, 8, 9, 10, 11]);
      expect(rows.find((r) => r.hidden)?.intern_id).toBe('2026000111');
      expect(rows.filter((r) => r.paid).map((r) => r.intern_id)).toEqual(['2026000103']);
      // New orders are numbered after the highest number brought.
      expect(rows[0]!.last).toBe(111);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('a run killed with SIGKILL halfway, started again, ends as one clean run', async () => {
    Object.assign(fake, { failPage2: false, slowOncePage4: false, hangPage3: true });
    const killed = await target('killed');
    const report = path.join(tmp, 'killed.json');
    const run = await runCli(importCli, args(report, ['--timeout-ms', '60000']), env(killed), {
      started(child, output) {
        // Page 2 is written, page 3 hangs: kill -9 while the run waits for it.
        const watch = setInterval(() => {
          if (/customers .* 20\/35/.test(output())) {
            clearInterval(watch);
            child.kill('SIGKILL');
          }
        }, 50);
      },
    });
    expect(run.code).toBe(-1);
    expect(fs.existsSync(report)).toBe(false);
    fake.hangPage3 = false;
    const resumed = await runCli(importCli, args(report), env(killed));
    expect(resumed.code, resumed.out).toBe(0);
    expect(JSON.parse(fs.readFileSync(report, 'utf8')).counts.customers).toMatchObject({
      added: 13,
      unchanged: 19,
    });

    const clean = await target('clean');
    expect((await runCli(importCli, args(path.join(tmp, 'clean.json')), env(clean))).code).toBe(0);
    const [afterKill, afterClean] = [await importedCustomers(killed), await importedCustomers(clean)];
    expect(afterKill).toHaveLength(32);
    expect(afterKill.every((row) => row.endsWith('×1'))).toBe(true);
    expect(afterKill).toEqual(afterClean);
  }, 300_000);
});
