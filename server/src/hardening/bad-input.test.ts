import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { gpcFile } from '../test/bank-statements.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { deliveryRecord } from '../test/delivery.ts';
import { pdf, png } from '../test/files.ts';
import { makeProduct } from '../test/products.ts';
import { cp1250, csvText, customerHeader, customerRows } from '../test/spreadsheets.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * Decision 0022: malformed multipart bodies on every upload route answer 400/413 with the usual
 * error body, never 500, and keep nothing: no row, no file in the store.
 */
let t: BuiltTestApp;
let owner: Client;
/** The delivery's proof is the order's driver's upload (domain.md §2.11). */
let driver: Client;
let uploads: RegisteredRoute[];
const ids: Record<string, number> = {};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_LIMIT_BYTES: String(64 * 1024) });
  owner = await login(t.app, 'owner');
  driver = await login(t.app, 'driver');
  const [own] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select min(o.id)::int as id from orders o join users u on u.id = o.driver_id
      where u.username = 'driver' and not o.hidden and not o.done and o.draft_touched_at is null`),
  );
  ids.deliveries = own!.id;
  for (const table of ['orders', 'customers', 'transportations']) {
    const [row] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select min(id)::int as id from ${sql.identifier(table)}`),
    );
    ids[table] = row!.id;
  }
  // Every route that takes a multipart body, from its declaration.
  uploads = t.app.routesSeen.filter((r) =>
    ((r.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data'),
  );
});
afterAll(() => t?.close());

/** The route's path with the id of an existing record of the owner it names. */
function urlOf(route: RegisteredRoute): string {
  if (isDelivery(route)) return route.url.replace(':id', String(ids.deliveries));
  const owner = /^\/api\/(order|customer|transportation)\//.exec(route.url)?.[1];
  return route.url.replace(':id', String(ids[`${owner}s`] ?? 1));
}

const isDeliveryForm = (form: Form) => form.file === 'signature';
const isDelivery = (route: RegisteredRoute) => route.url === '/api/driver/order/:id/delivered';
const clientOf = (route: RegisteredRoute) => (isDelivery(route) ? driver : owner);

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  try {
    return (await fs.readdir(root, { recursive: true })).map(String);
  } catch {
    return [];
  }
}

const boundary = 'LetokruhBoundary7MA4YWxkTrZu0gW';
const fieldPart = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, filename: string, type: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from('\r\n'),
  ]);
const end = `--${boundary}--\r\n`;
const withBoundary = `multipart/form-data; boundary=${boundary}`;

/**
 * The form of a route: a file's title and type and the file, or a delivery's record and its
 * signature (the avatar takes the first file part).
 */
type Form = { fields: string; file: string; maxFiles: number; data?: Buffer };
/** A bank statement (domain.md §2.12): the header of an ABO/GPC statement of a demo supplier's account. */
const statement = gpcFile({ account: '2718340003', bankCode: '0100', currency: 'CZK', transactions: [] });
/** The office's spreadsheet (domain.md §2.14): a CSV of two customers as Czech Excel writes it. */
const sheet = cp1250(csvText([customerHeader, ...customerRows(2)]));
const formOf = (route: RegisteredRoute): Form =>
  isDelivery(route)
    ? { fields: fieldPart('delivery', JSON.stringify(deliveryRecord())), file: 'signature', maxFiles: 6 }
    : route.url === '/api/bank/statement'
      ? { fields: '', file: 'file', maxFiles: 1, data: statement }
      : route.url === '/api/spreadsheet/upload'
        ? { fields: fieldPart('kind', 'customers'), file: 'file', maxFiles: 1, data: sheet }
        : {
            fields: fieldPart('title', 'Příloha') + fieldPart('file_type', 'Jiné'),
            file: 'file',
            maxFiles: 1,
          };

/** A well-formed upload of the route's form. */
function goodBody(form: Form): Buffer {
  return Buffer.concat([
    Buffer.from(form.fields),
    form.data
      ? filePart(
          form.file,
          form.data === sheet ? 'zakaznici.csv' : 'vypis.gpc',
          'application/octet-stream',
          form.data,
        )
      : filePart(form.file, 'a.png', 'image/png', png),
    Buffer.from(end),
  ]);
}

type Case = { label: string; body: Buffer | string; type: string; status: number[] };
const cases = (form: Form): Case[] => {
  const good = goodBody(form);
  return [
    { label: 'an empty body', body: '', type: withBoundary, status: [400] },
    { label: 'only the closing boundary', body: end, type: withBoundary, status: [400] },
    {
      label: 'a body cut in the middle of the file',
      body: good.subarray(0, good.length - 30),
      type: withBoundary,
      status: [400],
    },
    {
      label: 'a body cut inside the part headers',
      body: good.subarray(0, 60),
      type: withBoundary,
      status: [400],
    },
    {
      label: 'a boundary the body does not use',
      body: good,
      type: 'multipart/form-data; boundary=OtherBoundary',
      status: [400],
    },
    { label: 'no boundary at all', body: good, type: 'multipart/form-data', status: [400] },
    { label: 'an empty boundary', body: good, type: 'multipart/form-data; boundary=', status: [400] },
    {
      label: 'a boundary of 200 characters',
      body: good,
      type: `multipart/form-data; boundary=${'b'.repeat(200)}`,
      status: [400],
    },
    {
      label: 'garbage in place of parts',
      body: `--${boundary}\r\nnot a header at all\r\n\r\n\u0000\u0001`,
      type: withBoundary,
      status: [400],
    },
    {
      label: 'the file sent as a text field',
      body: form.fields + fieldPart(form.file, pdf.toString()) + end,
      type: withBoundary,
      status: [400],
    },
    {
      label: 'a file part with no file name',
      body: Buffer.concat([
        Buffer.from(form.fields),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${form.file}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n${end}`),
      ]),
      type: withBoundary,
      status: [400],
    },
    {
      label: 'an empty file',
      body: Buffer.concat([
        Buffer.from(form.fields),
        filePart(form.file, 'a.png', 'image/png', Buffer.alloc(0)),
        Buffer.from(end),
      ]),
      type: withBoundary,
      status: [400, 415],
    },
    {
      label: '100 fields',
      body: Buffer.concat([
        Buffer.from(Array.from({ length: 100 }, (_, i) => fieldPart(`f${i}`, 'x')).join('')),
        filePart(form.file, 'a.png', 'image/png', png),
        Buffer.from(end),
      ]),
      type: withBoundary,
      status: [413],
    },
    {
      label: 'more files than the form takes',
      body: Buffer.concat([
        ...Array.from({ length: form.maxFiles + 4 }, (_, i) =>
          filePart(form.file, `a${i}.png`, 'image/png', png),
        ),
        Buffer.from(end),
      ]),
      type: withBoundary,
      status: [413],
    },
    {
      label: '2 000 empty parts',
      body: Array.from({ length: 2000 }, () => `--${boundary}\r\n\r\n\r\n`).join('') + end,
      type: withBoundary,
      status: [400, 413],
    },
    {
      label: 'a part with 3 000 headers',
      body: `--${boundary}\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n${end}`,
      type: withBoundary,
      status: [400, 413],
    },
    {
      label: 'a field value of 2 MB',
      body:
        fieldPart(isDeliveryForm(form) ? 'delivery' : 'title', 'x'.repeat(2 * 1024 * 1024)) +
        form.fields +
        end,
      type: withBoundary,
      status: [413],
    },
    { label: 'JSON instead of a form', body: '{"file":"x"}', type: 'application/json', status: [400, 415] },
    {
      label: 'a made-up content type',
      body: good,
      type: 'multipart/x-letokruh; boundary=x',
      status: [400, 415],
    },
  ];
};

describe('malformed multipart bodies on every upload route', () => {
  it('finds the seven upload routes from their declarations', () => {
    expect(uploads.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /api/auth/avatar',
      'POST /api/bank/statement',
      'POST /api/customer/:id/files/add',
      'POST /api/driver/order/:id/delivered',
      'POST /api/order/:id/files/add',
      'POST /api/spreadsheet/upload',
      'POST /api/transportation/:id/files/add',
    ]);
  });

  it('a well-formed upload is taken on each (the cases below differ from it only in the fault)', async () => {
    for (const route of uploads) {
      const response = await clientOf(route).post(urlOf(route), goodBody(formOf(route)), {
        headers: { 'content-type': withBoundary },
      });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBeLessThan(300);
    }
  });

  it('each fault answers 400/413/415 with the error body and writes nothing', async () => {
    const failures: string[] = [];
    for (const route of uploads) {
      for (const c of cases(formOf(route))) {
        const [before, filesBefore] = [await snapshot(t.db), await storedFiles()];
        const response = await clientOf(route).post(urlOf(route), c.body, {
          headers: { 'content-type': c.type },
        });
        const what = `${route.url} ${c.label}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        const body = response.json() as { error_code?: number; message?: string };
        if (!c.status.includes(response.statusCode)) failures.push(what);
        else if (typeof body.error_code !== 'number' || typeof body.message !== 'string')
          failures.push(`${what} (no error body)`);
        else if (response.statusCode === 413 && body.error_code !== ErrorCode.payloadTooLarge)
          failures.push(`${what} (413 without code 121)`);
        const changed = changedTables(before, await snapshot(t.db));
        if (changed.length) failures.push(`${what} wrote ${changed.join(', ')}`);
        const filesAfter = await storedFiles();
        if (filesAfter.length !== filesBefore.length) failures.push(`${what} left a file in the store`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('20 malformed uploads in parallel on each route: no 5xx, nothing written', async () => {
    const [before, filesBefore] = [await snapshot(t.db), await storedFiles()];
    const answers = await Promise.all(
      uploads.flatMap((route) =>
        Array.from({ length: 20 }, (_, i) =>
          clientOf(route).post(urlOf(route), goodBody(formOf(route)).subarray(0, 40 + i * 7), {
            headers: { 'content-type': withBoundary },
          }),
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    expect((await storedFiles()).length).toBe(filesBefore.length);
  });
});

describe('a QR payment above the format maximum', () => {
  const orderOf = async (currency: 'CZK' | 'EUR') => {
    const [row] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select o.id from orders o where o.customer_id is not null and o.currency = ${currency}
        and not o.hidden and exists (select 1 from order_items i where i.order_id = o.id) order by o.id limit 1`),
    );
    return row!.id;
  };
  const supplierId = async () => {
    const { items } = (await owner.get('/api/suppliers')).json() as { items: { id: number }[] };
    return items[0]!.id;
  };
  /** Sets the order's lines so that its total with VAT is `total` (one line, VAT 0, no discount). */
  const setTotal = async (orderId: number, total: number) => {
    await t.db.execute(sql`delete from order_items where order_id = ${orderId}
      and id <> (select min(id) from order_items where order_id = ${orderId})`);
    await t.db.execute(
      sql`update order_items set amount = 1, price = ${total}, vat = 0, discount = 1 where order_id = ${orderId}`,
    );
    await t.app.answers.bump();
  };

  it.each([
    ['CZK', 9_999_999.99 + 1, 9_000_000, 9_999_999.99],
    ['EUR', 999_999_999.99 + 1, 900_000_000, 999_999_999.99],
  ] as const)(
    '%s: above the maximum answers 400 / 120 on the QR and the e-mail; below, 200',
    async (currency, above, below, max) => {
      const id = await orderOf(currency);
      const supplier = await supplierId();
      await setTotal(id, above);
      const before = await snapshot(t.db);
      const qr = await owner.get(`/api/order/${id}/qr_payment?supplier=${supplier}`);
      expect(qr.statusCode, qr.body).toBe(400);
      expect(qr.json().error_code).toBe(ErrorCode.invalidInput);
      const mail = await owner.post(`/api/order/${id}/send_email_qr`, { supplier_id: supplier });
      expect(mail.statusCode, mail.body).toBe(400);
      expect(mail.json().error_code).toBe(ErrorCode.invalidInput);
      expect(changedTables(before, await snapshot(t.db))).toEqual([]);
      // The lines alone (the delivery price comes on top).
      await setTotal(id, below);
      const ok = await owner.get(`/api/order/${id}/qr_payment?supplier=${supplier}`);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().amount).toBeGreaterThanOrEqual(below);
      expect(ok.json().amount).toBeLessThanOrEqual(max);
    },
  );
});

describe('conversion submit: bounded and held to the conversion rule', () => {
  let warehouseId: number;
  let a: number;
  let b: number;

  /** A new product the warehouse keeps with `stock` (owner's calls, as a user would make them). */
  const product = (stock: number) =>
    makeProduct(owner, warehouseId, {
      stock,
      name: `Mez ${Math.random().toString(36).slice(2, 7)}`,
      shorten_name: 'M',
      type: 'Měkké',
      priceForm: [],
    });

  beforeAll(async () => {
    warehouseId = ((await owner.get('/api/warehouses')).json().items as { id: number }[])[0]!.id;
    a = await product(1_000_000);
    b = await product(10);
  });

  const submit = (body: unknown) =>
    owner.put(`/api/warehouse/${warehouseId}/product_conversion/submit`, body as object);
  const line = (product_id: number, amount: unknown) => ({ product_id, amount });
  const io = (inAmount: unknown, outAmount: unknown, type = 'knowInputOutput', coefficient?: unknown) => ({
    calculation_type: type,
    inputs: [line(a, inAmount)],
    outputs: [line(b, outAmount)],
    ...(coefficient === undefined ? {} : { coefficient }),
  });

  const refused: [string, () => unknown][] = [
    ['0.01 in, 1 000 000 out (coefficient 10⁸, past the column)', () => io(0.01, 1_000_000)],
    ['1 000 000 in, 0.01 out (coefficient 10⁻⁸, rounds to 0)', () => io(1_000_000, 0.01)],
    ['1 in, 1 001 out (coefficient past 1 000)', () => io(1, 1001)],
    ['knowInputKoeficient: 1 in at 1.5 but 1 000 out', () => io(1, 1000, 'knowInputKoeficient', 1.5)],
    ['knowOutputKoeficient: 10 out at 2 but 1 in', () => io(1, 10, 'knowOutputKoeficient', 2)],
    ['knowInputKoeficient without its coefficient', () => io(1, 1.5, 'knowInputKoeficient')],
    ['an amount of 1e308', () => io(1e308, 1)],
    ['an amount of 2^53 + 1', () => io(2 ** 53 + 1, 1)],
    ['an amount past the schema (1 000 000.01)', () => io(1_000_000.01, 1_000_000.01)],
    ['a negative input', () => io(-5, 1)],
    ['a negative output', () => io(5, -1)],
    ['a zero input', () => io(0, 1)],
    ['a zero output', () => io(1, 0)],
    ['"NaN" as an amount', () => io('NaN', 1)],
    ['"1e308" as an amount', () => io('1e308', 1)],
    ['"Infinity" as an amount', () => io(1, 'Infinity')],
    ['null as an amount', () => io(null, 1)],
    ['many decimals', () => io(1.123456789, 1)],
    ['a coefficient of 1e308', () => io(1, 1, 'knowInputKoeficient', 1e308)],
    ['a negative coefficient', () => io(1, 1, 'knowInputKoeficient', -1)],
    ['a coefficient of 0', () => io(1, 0.01, 'knowInputKoeficient', 0)],
    ['"NaN" as the coefficient', () => io(1, 1, 'knowInputKoeficient', 'NaN')],
    ['a coefficient with 8 decimals', () => io(1, 1, 'knowInputKoeficient', 1.00000001)],
    ['an unknown calculation type', () => io(1, 1, 'knowNothing')],
    ['the same product on both sides', () => ({ ...io(1, 1), outputs: [line(a, 1)] })],
    ['four inputs', () => ({ ...io(1, 1), inputs: [line(a, 1), line(a, 1), line(a, 1), line(a, 1)] })],
  ];

  it.each(refused)('%s: 400 / 120, nothing written', async (_, body) => {
    const before = await snapshot(t.db);
    const response = await submit(body());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.invalidInput);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('what the rule allows goes through: 10 in at 1.5 gives 15 out; 1 000 in gives 1 000 000 out', async () => {
    const first = await submit(io(10, 15, 'knowInputKoeficient', 1.5));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().item.coefficient).toBe(1.5);
    const widest = await submit(io(1000, 1_000_000));
    expect(widest.statusCode, widest.body).toBe(200);
    expect(widest.json().item.coefficient).toBe(1000);
    // Float noise a client's sum may carry is taken as the hundredths it means.
    const noisy = await submit(io(0.1 + 0.2, 1));
    expect(noisy.statusCode, noisy.body).toBe(200);
    expect(noisy.json().item.inputs[0].amount).toBe(0.3);
  });

  it('an output past the stock column ceiling answers 409 and writes nothing', async () => {
    await t.db.execute(
      sql`update product_stock set amount = 9999999999 where warehouse_id = ${warehouseId} and product_id = ${b}`,
    );
    const before = await snapshot(t.db);
    const response = await submit(io(1, 1));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error_code).toBe(ErrorCode.conflict);
    const manual = await owner.put(`/api/update_stock/${warehouseId}/${b}`, { amount: 1 });
    expect(manual.statusCode, manual.body).toBe(409);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('50 parallel submits of a valid conversion take no more than the stock holds', async () => {
    const c = await product(10);
    const d = await product(0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        submit({ calculation_type: 'knowInputOutput', inputs: [line(c, 1)], outputs: [line(d, 2)] }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(10);
    expect(codes.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const amounts = rowsOf<{ product_id: number; amount: string }>(
      await t.db.execute(
        sql`select product_id, amount::text from product_stock where warehouse_id = ${warehouseId} and product_id in (${c}, ${d}) order by product_id`,
      ),
    );
    expect(amounts.map((r) => Number(r.amount))).toEqual([0, 20]);
  });
});
