import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { OrderEvent } from '@letokruh/contracts/live-events';
import type { CalendarWeek } from '@letokruh/contracts/order-calendar';
import type { Order } from '@letokruh/contracts/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { camtFile, type FixtureStatement, fioJson, gpcFile } from '../../test/bank-statements.ts';
import { type BuiltTestApp, buildTestApp, type Client, multipart, signIn } from '../../test/build.ts';
import { customerForm } from '../../test/customers.ts';
import { baseOf, openEventStream } from '../../test/event-stream.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { demoSupplierIds } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';
import { fetchFioStatements } from './fio-job.ts';
import { tokenSeal } from './token-seal.ts';

/** A Fio API look-alike on loopback: one statement per token, 409 within 30 s of the last call. */
const fioToken = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4y5Z6a7B8c9D0e1F2';
const fio = {
  statement: null as unknown,
  calls: [] as string[],
  lastCallAt: 0,
  broken: false,
};
const fake = http.createServer((request, response) => {
  const url = request.url ?? '';
  fio.calls.push(url.replace(fioToken, '<token>'));
  if (!url.includes(`/${fioToken}/`)) return void response.writeHead(401).end();
  if (Date.now() - fio.lastCallAt < 30_000) return void response.writeHead(409).end();
  fio.lastCallAt = Date.now();
  if (url.includes('/set-last-id/')) return void response.writeHead(200).end();
  if (fio.broken)
    return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"account');
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fio.statement));
});

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let technician: Client;
let suppliers: { letokruh: number; vysocina: number };
let brod: number;
let productId: number;
let fioUrl: string;
const tokenKey = Buffer.alloc(32, 7).toString('base64');
const letokruh = { account: '2718340003', bankCode: '0100', currency: 'CZK' } as const;
const vysocinaEur = { account: '2400260986', bankCode: '2010', currency: 'EUR' } as const;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fioUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1/rest`;
  t = await buildTestApp({ FIO_API_URL: fioUrl, BANK_TOKEN_KEY: tokenKey });
  ({ owner, dispatcher, technician } = await signIn(t.app, ['owner', 'dispatcher', 'technician']));
  suppliers = await demoSupplierIds(owner);
  ({ brod } = await warehouseIds(owner));
  productId = await makeProduct(owner, brod, { stock: 0 });
  const eur = await owner.post('/api/bank/account/add', {
    supplier_id: suppliers.vysocina,
    account: vysocinaEur.account,
    bank_code: vysocinaEur.bankCode,
    currency: 'EUR',
  });
  expect(eur.statusCode, eur.body).toBe(201);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

async function newCustomer(name: string): Promise<number> {
  const added = await owner.post('/api/customer/add', customerForm({ lastName: name }));
  expect(added.statusCode, added.body).toBe(201);
  return added.json().item.id;
}

/** A transfer order of one line at `price` with VAT, no delivery price. */
async function transferOrder(
  customerId: number,
  price: number,
  options: { currency?: 'CZK' | 'EUR'; supplier?: number; cash?: boolean } = {},
): Promise<Order> {
  return makeOrder(owner, {
    warehouseId: brod,
    customerId,
    lines: [{ id: productId, amount: 1, price }],
    items: {
      distance: 0,
      minimim_delivery_price: 0,
      ...(options.currency ? { currency: options.currency } : {}),
    },
    intern: options.cash
      ? { payment_type: 'cash' }
      : { payment_type: 'qr_transfer', supplier_id: options.supplier ?? suppliers.letokruh },
  });
}

const orderOf = async (id: number): Promise<Order> => (await owner.get(`/api/order/${id}`)).json().item;
const vs = (o: Order) => String(o.intern_id);

async function upload(c: Client, data: Buffer, name = 'vypis.gpc') {
  const { payload, headers } = await multipart('file', data, name, 'application/octet-stream');
  return c.post('/api/bank/statement', payload, { headers });
}

const counts = async () =>
  (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from bank_transactions`))[0]!.n;

/** The payments of the open view by their bank id. */
async function paymentsByRef(): Promise<Map<string, Record<string, unknown>>> {
  const rows = await rowsOf<{ id: string; bank_ref: string }>(
    t.db,
    sql`select id::text, bank_ref from bank_transactions`,
  );
  const all = (await dispatcher.get('/api/bank/payments?view=all&per_page=1000')).json().items as {
    id: number;
  }[];
  return new Map(rows.map((r) => [r.bank_ref, all.find((p) => p.id === Number(r.id))!]));
}

/**
 * Every case of domain.md §2.12 in one statement of the Letokruh account (and an EUR one of
 * Vysočina's), read through the format under test; `base` keeps each format's bank ids apart.
 */
async function scenario(base: number) {
  const customer = await newCustomer(`Platič ${base}`);
  const several = await newCustomer(`Více ${base}`);
  const exact = await transferOrder(customer, 1234.56);
  const roundedQr = await transferOrder(customer, 999.5);
  const under = await transferOrder(customer, 500);
  const eur = await transferOrder(customer, 37.05, { currency: 'EUR', supplier: suppliers.vysocina });
  const otherSupplier = await transferOrder(customer, 700, { supplier: suppliers.vysocina });
  const cash = await transferOrder(customer, 300, { cash: true });
  expect((await owner.put(`/api/order/${cash.id}/collect_revenue`)).statusCode).toBe(200);
  const first = await transferOrder(several, 200);
  const second = await transferOrder(several, 300.25);
  const named = await transferOrder(customer, 150);
  const ref = (n: number) => String(base + n);
  const day = '2026-11-27';
  const czk: FixtureStatement = {
    ...letokruh,
    transactions: [
      {
        ref: ref(1),
        amountMinor: 123456,
        day,
        vs: vs(exact),
        counterAccount: '19-2000145399',
        counterName: 'Jan Dvořák',
      },
      // The QR asks a CZK order for whole crowns (domain.md §1.5): 999.50 is paid as 1 000.
      { ref: ref(2), amountMinor: 100000, day, vs: `00${vs(roundedQr)}`.slice(-10) },
      { ref: ref(3), amountMinor: 40000, day, vs: vs(under) },
      { ref: ref(4), amountMinor: 70000, day, vs: vs(otherSupplier) },
      { ref: ref(5), amountMinor: 30000, day, vs: vs(cash) },
      { ref: ref(6), amountMinor: 50025, day, vs: vs(first) },
      { ref: ref(7), amountMinor: 15000, day, message: `Platba za obj. ${vs(named)} děkuji` },
      {
        ref: ref(8),
        amountMinor: -25000,
        day,
        vs: vs(exact),
        counterAccount: '19-2000145399',
        message: 'Vratka',
      },
      { ref: ref(9), amountMinor: 1, day, vs: '0000001234' },
      // The same order paid again in the same statement.
      { ref: ref(10), amountMinor: 123456, day, vs: vs(exact) },
    ],
  };
  const inEur: FixtureStatement = {
    ...vysocinaEur,
    transactions: [{ ref: ref(11), amountMinor: 3705, day, vs: `000${vs(eur)}`, currency: 'EUR' }],
  };
  return { exact, roundedQr, under, eur, otherSupplier, cash, first, second, named, czk, inEur, ref };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

async function expectEveryCase(s: Scenario) {
  const byRef = await paymentsByRef();
  const state = (n: number) => byRef.get(s.ref(n));
  const orders = (n: number) => (state(n)!.orders as { id: number }[]).map((o) => o.id);
  expect(state(1)).toMatchObject({ state: 'paid', amount: '1234.56', counter_account: '19-2000145399/0800' });
  expect(state(2)).toMatchObject({ state: 'paid', amount: '1000.00' });
  expect(state(3)).toMatchObject({ state: 'to_check', reason: 'amount', difference: '-100.00' });
  expect(orders(3)).toEqual([s.under.id]);
  expect(state(4)).toMatchObject({ state: 'to_check', reason: 'other_supplier' });
  expect(state(5)).toMatchObject({ state: 'paid_twice' });
  expect(orders(5)).toEqual([s.cash.id]);
  expect(state(6)).toMatchObject({ state: 'suggested', reason: 'customer_sum' });
  expect(orders(6).sort()).toEqual([s.first.id, s.second.id].sort());
  expect(state(7)).toMatchObject({ state: 'suggested', reason: 'message', difference: '0.00' });
  expect(orders(7)).toEqual([s.named.id]);
  expect(state(8)).toMatchObject({ state: 'outgoing', amount: '-250.00' });
  expect(state(9)).toMatchObject({ state: 'unmatched', variable_symbol: '1234' });
  expect(state(10)).toMatchObject({ state: 'paid_twice' });
  expect(state(11)).toMatchObject({
    state: 'paid',
    currency: 'EUR',
    amount: '37.05',
    account: '2400260986/2010',
  });

  // Paid exactly as collect_revenue leaves an order: paid on the booking day, by the bank's account.
  for (const [order, account] of [
    [s.exact, '2718340003/0100'],
    [s.roundedQr, '2718340003/0100'],
    [s.eur, '2400260986/2010'],
  ] as const) {
    const paid = await orderOf(order.id);
    expect(paid.collected_revenue_at).toBe('2026-11-26T23:00:00.000Z');
    expect(paid.collected_revenue_by).toBeNull();
    const [audit] = await rowsOf<{ action: string; details: { actor: string }; user_id: number | null }>(
      t.db,
      sql`select action, details, user_id from audit_log where entity = 'order' and entity_id = ${order.id}
          and action = 'bank_paid'`,
    );
    expect(audit?.details.actor).toBe(`bank: ${account}`);
  }
  for (const open of [s.under, s.otherSupplier, s.first, s.second, s.named])
    expect((await orderOf(open.id)).collected_revenue_at).toBeNull();
}

describe('an ABO/GPC statement', () => {
  let s: Scenario;
  it('pays the orders whose VS and amount match, to the haléř, and sorts out every other case', async () => {
    s = await scenario(7_000_100);
    const response = await upload(dispatcher, gpcFile(s.czk));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      format: 'gpc',
      transactions: 10,
      duplicates: 0,
      paid: 2,
      to_check: 2,
      suggested: 2,
      paid_twice: 2,
      unmatched: 1,
      outgoing: 1,
    });
    expect((await upload(dispatcher, gpcFile(s.inEur))).json()).toMatchObject({ paid: 1 });
    await expectEveryCase(s);
  });

  it('changes nothing when the same statement comes again, as a file or in CAMT.053', async () => {
    const before = await counts();
    const audits = (
      await rowsOf<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from audit_log where action = 'bank_paid'`,
      )
    )[0]!.n;
    const again = await upload(owner, gpcFile(s.czk));
    expect(again.json()).toMatchObject({ transactions: 10, duplicates: 10, paid: 0 });
    expect((await upload(owner, camtFile(s.czk), 'vypis.xml')).json()).toMatchObject({ duplicates: 10 });
    expect(await counts()).toBe(before);
    expect(
      (
        await rowsOf<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from audit_log where action = 'bank_paid'`,
        )
      )[0]!.n,
    ).toBe(audits);
    await expectEveryCase(s);
  });

  it('lets the office confirm a suggestion, assign a payment, ignore one, and undo a match', async () => {
    const byRef = await paymentsByRef();
    const id = (n: number) => byRef.get(s.ref(n))!.id as number;

    const confirmed = await dispatcher.post(`/api/bank/payment/${id(6)}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().item).toMatchObject({ state: 'paid' });
    expect((await orderOf(s.first.id)).collected_revenue_at).not.toBeNull();
    expect((await orderOf(s.second.id)).collected_revenue_at).not.toBeNull();

    const assigned = await owner.post(`/api/bank/payment/${id(3)}/assign`, { order_number: vs(s.under) });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await orderOf(s.under.id)).collected_revenue_at).toBe('2026-11-26T23:00:00.000Z');
    // An order paid already is not paid again.
    const twice = await owner.post(`/api/bank/payment/${id(4)}/assign`, { order_number: vs(s.under) });
    expect(twice.statusCode).toBe(409);
    expect(
      (await owner.post(`/api/bank/payment/${id(4)}/assign`, { order_number: '2099999999' })).statusCode,
    ).toBe(404);

    const ignored = await dispatcher.post(`/api/bank/payment/${id(9)}/ignore`, { reason: 'Vrácená záloha' });
    expect(ignored.json().item).toMatchObject({ state: 'ignored', note: 'Vrácená záloha' });
    expect((await dispatcher.post(`/api/bank/payment/${id(9)}/ignore`, { reason: 'znovu' })).statusCode).toBe(
      409,
    );

    const undone = await dispatcher.post(`/api/bank/payment/${id(1)}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().item).toMatchObject({ state: 'unmatched', orders: [] });
    const back = await orderOf(s.exact.id);
    expect(back.collected_revenue_at).toBeNull();
    const audit = await rowsOf<{ action: string; user_id: number }>(
      t.db,
      sql`select action, user_id from audit_log where entity = 'order' and entity_id = ${s.exact.id}
          and action like 'bank_%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['bank_paid', 'bank_unpaid']);
    const [me] = await rowsOf<{ id: number }>(t.db, sql`select id from users where username = 'dispatcher'`);
    expect(audit[1]!.user_id).toBe(me!.id);
    // Undone, it waits like any other and may be assigned again.
    const open = (await dispatcher.get('/api/bank/payments')).json().items as { id: number }[];
    expect(open.map((p) => p.id)).toContain(id(1));
    expect(open.map((p) => p.id)).not.toContain(id(6));
  });
});

describe('a CAMT.053 statement', () => {
  it('reads the same cases, the VS from the creditor reference, leading zeros or not', async () => {
    const s = await scenario(7_000_200);
    const response = await upload(dispatcher, camtFile(s.czk), 'vypis.xml');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      format: 'camt',
      paid: 2,
      to_check: 2,
      suggested: 2,
      paid_twice: 2,
    });
    expect((await upload(dispatcher, camtFile(s.inEur), 'eur.xml')).json()).toMatchObject({ paid: 1 });
    await expectEveryCase(s);
  });
});

describe("Fio banka's API", () => {
  let s: Scenario;
  const seal = tokenSeal({ bankTokenKey: tokenKey, dataDir: '/nonexistent' });
  const letokruhAccountId = async () =>
    ((await owner.get('/api/bank/accounts')).json().items as { id: number; account: string }[]).find(
      (a) => a.account === letokruh.account,
    )!.id;
  const due = () => t.db.execute(sql`update bank_accounts set fio_next_call_at = null`);

  it('keeps the token sealed: never answered, never stored readable', async () => {
    const id = await letokruhAccountId();
    expect((await dispatcher.put(`/api/bank/account/${id}/fio_token`, { token: fioToken })).statusCode).toBe(
      403,
    );
    const saved = await owner.put(`/api/bank/account/${id}/fio_token`, { token: fioToken });
    expect(saved.statusCode, saved.body).toBe(200);
    const accounts = await owner.get('/api/bank/accounts');
    expect(accounts.body).not.toContain(fioToken);
    expect(accounts.json().items.find((a: { id: number }) => a.id === id)).toMatchObject({
      has_fio_token: true,
    });
    const [row] = await rowsOf<{ sealed: string }>(
      t.db,
      sql`select fio_token_sealed as sealed from bank_accounts where id = ${id}`,
    );
    expect(row!.sealed).not.toContain(fioToken);
    expect(seal.open(row!.sealed)).toBe(fioToken);
    const [audit] = await rowsOf<{ details: unknown }>(
      t.db,
      sql`select details from audit_log where action = 'fio_token' order by id desc limit 1`,
    );
    expect(JSON.stringify(audit!.details)).not.toContain(fioToken);
  });

  it('downloads new transactions, at most once in 30 s per token, and matches them', async () => {
    s = await scenario(7_000_300);
    fio.statement = fioJson(s.czk);
    fio.calls.length = 0;
    fio.lastCallAt = 0;
    await due();
    expect(await fetchFioStatements(t.db, { fioApiUrl: fioUrl, seal })).toBe(1);
    expect(fio.calls).toEqual(['/v1/rest/last/<token>/transactions.json']);
    // Another process's tick a moment later finds the token's 30 s taken and calls nothing.
    expect(await fetchFioStatements(t.db, { fioApiUrl: fioUrl, seal })).toBe(0);
    expect(fio.calls).toHaveLength(1);
    const byRef = await paymentsByRef();
    expect(byRef.get(s.ref(1))).toMatchObject({ state: 'paid', source: 'fio' });
    expect(byRef.get(s.ref(2))).toMatchObject({ state: 'paid' });
    expect(byRef.get(s.ref(3))).toMatchObject({ state: 'to_check', difference: '-100.00' });
    expect((await upload(dispatcher, gpcFile(s.czk))).json()).toMatchObject({ duplicates: 10, paid: 0 });
    const [account] = await rowsOf<{ last: string; error: string | null }>(
      t.db,
      sql`select fio_last_id::text as last, fio_error as error from bank_accounts where account = ${letokruh.account}`,
    );
    expect(account).toEqual({ last: s.ref(10), error: null });
  });

  it('puts the bank’s marker back when an answer could not be stored, then downloads again', async () => {
    fio.broken = true;
    fio.lastCallAt = 0;
    fio.calls.length = 0;
    await due();
    await fetchFioStatements(t.db, { fioApiUrl: fioUrl, seal });
    fio.broken = false;
    const accounts = (await owner.get('/api/bank/accounts')).json().items as {
      account: string;
      fio_error: string;
    }[];
    expect(accounts.find((a) => a.account === letokruh.account)!.fio_error).toMatch(/.+/);
    expect(JSON.stringify(accounts)).not.toContain(fioToken);
    fio.lastCallAt = 0;
    await due();
    await fetchFioStatements(t.db, { fioApiUrl: fioUrl, seal });
    fio.lastCallAt = 0;
    await due();
    await fetchFioStatements(t.db, { fioApiUrl: fioUrl, seal });
    expect(fio.calls).toEqual([
      '/v1/rest/last/<token>/transactions.json',
      `/v1/rest/set-last-id/<token>/${s.ref(10)}/`,
      '/v1/rest/last/<token>/transactions.json',
    ]);
  });
});

describe('a statement that cannot be read', () => {
  const good: FixtureStatement = {
    ...letokruh,
    transactions: [
      { ref: '7000901', amountMinor: 1000, day: '2026-11-27', vs: '1' },
      { ref: '7000902', amountMinor: 2000, day: '2026-11-27', vs: '2', counterName: 'Šťastný Žluťoučký' },
    ],
  };
  const refused = async (data: Buffer, at: RegExp, name = 'vypis.gpc') => {
    const before = await counts();
    const response = await upload(owner, data, name);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error_code: ErrorCode.statementInvalid });
    expect(response.json().at).toMatch(at);
    expect(await counts()).toBe(before);
  };

  it('names the line cut short and stores nothing of the file', async () => {
    const text = gpcFile(good).toString('latin1').split('\r\n');
    text[2] = text[2]!.slice(0, 100);
    await refused(Buffer.from(text.join('\r\n'), 'latin1'), /^line 3$/);
  });

  it('refuses a file in UTF-8 instead of Windows-1250', async () => {
    const utf8 = Buffer.from(new TextDecoder('windows-1250').decode(gpcFile(good)), 'utf8');
    await refused(utf8, /^line 3$/);
  });

  it('refuses an account that is none of the suppliers’', async () => {
    await refused(gpcFile({ ...good, account: '19-2000145399' }), /^line 2$/);
  });

  it('refuses an XML bomb without expanding it', async () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]>
<Document><BkToCstmrStmt><Stmt><Ntry><Amt>&lol2;</Amt></Ntry></Stmt></BkToCstmrStmt></Document>`;
    await refused(Buffer.from(bomb), /^line \d+$/, 'bomb.xml');
  });

  it('names the CAMT.053 element at fault', async () => {
    const xml = camtFile(good)
      .toString('utf8')
      .replace('<Amt Ccy="CZK">20.00</Amt>', '<Amt Ccy="CZK">dvacet</Amt>');
    await refused(
      Buffer.from(xml),
      /^Document\/BkToCstmrStmt\[1\]\/Stmt\[1\]\/Ntry\[2\]\/Amt\[1\]$/,
      'vypis.xml',
    );
  });

  it('answers 413 to a 50 MB file', async () => {
    const before = await counts();
    const big = Buffer.alloc(50 * 1024 * 1024, 0x20);
    const response = await upload(owner, big);
    expect(response.statusCode).toBe(413);
    expect(await counts()).toBe(before);
  });
});

describe('the live board', () => {
  it('shows an order the statement paid as paid within 2 s, through the event stream', async () => {
    const customer = await newCustomer('Živý');
    const order = await transferOrder(customer, 456.78);
    const stream = await openEventStream(await baseOf(t.app), dispatcher.cookies);
    try {
      await stream.waitFor((e) => e.event === 'ready');
      const after = stream.events.length;
      const started = performance.now();
      const statement = gpcFile({
        ...letokruh,
        transactions: [{ ref: '7000801', amountMinor: 45678, day: '2026-11-28', vs: vs(order) }],
      });
      expect((await upload(dispatcher, statement)).json()).toMatchObject({ paid: 1 });
      const event = await stream.waitFor(
        (e) => e.event === 'order' && (e.data as OrderEvent).id === order.id,
        { after, timeoutMs: 2_000 },
      );
      expect(event.at - started).toBeLessThan(2_000);
      // What the board reloads on that event draws the order's paid mark.
      const day = order.expected_delivery_date!;
      const week = (
        await dispatcher.get(`/api/api/get-orders?warehouses=${brod}&dates=${day}&view=calendar`)
      ).json() as CalendarWeek;
      const drawn = week.days.flatMap((d) => d.orders).find((o) => o.id === order.id);
      expect(drawn).toMatchObject({ paid: true });
    } finally {
      stream.close();
    }
  });
});

describe('who may', () => {
  it('lets owners and dispatchers (who collect revenue) in, and nobody else', async () => {
    expect((await technician.get('/api/bank/payments')).statusCode).toBe(403);
    expect((await upload(technician, gpcFile({ ...letokruh, transactions: [] }))).statusCode).toBe(403);
    expect((await dispatcher.get('/api/bank/payments')).statusCode).toBe(200);
    expect((await dispatcher.get('/api/bank/accounts')).statusCode).toBe(403);
    expect((await owner.get('/api/bank/accounts')).statusCode).toBe(200);
  });
});
