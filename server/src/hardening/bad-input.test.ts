import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * Issue 13 §4: malformed multipart bodies on every upload route answer 400/413 with the usual
 * error body, never 500, and keep nothing: no row, no file in the store.
 */
let t: BuiltTestApp;
let owner: Client;
let uploads: RegisteredRoute[];
const ids: Record<string, number> = {};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_LIMIT_BYTES: String(64 * 1024) });
  owner = await login(t.app, 'owner');
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
  const owner = /^\/api\/(order|customer|transportation)\//.exec(route.url)?.[1];
  return route.url.replace(':id', String(ids[`${owner}s`] ?? 1));
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  try {
    return (await fs.readdir(root, { recursive: true })).map(String);
  } catch {
    return [];
  }
}

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  Buffer.from('IHDR'),
  Buffer.alloc(17),
]);

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

/** A well-formed upload for both kinds of route (the avatar takes the first file part). */
function goodBody(): Buffer {
  return Buffer.concat([
    Buffer.from(fieldPart('title', 'Příloha') + fieldPart('file_type', 'Jiné')),
    filePart('file', 'a.png', 'image/png', png),
    Buffer.from(end),
  ]);
}

type Case = { label: string; body: Buffer | string; type: string; status: number[] };
const cases = (): Case[] => {
  const good = goodBody();
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
      body:
        fieldPart('title', 'Příloha') +
        fieldPart('file_type', 'Jiné') +
        fieldPart('file', pdf.toString()) +
        end,
      type: withBoundary,
      status: [400],
    },
    {
      label: 'a file part with no file name',
      body: Buffer.concat([
        Buffer.from(fieldPart('title', 'Příloha') + fieldPart('file_type', 'Jiné')),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: image/png\r\n\r\n`,
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
        Buffer.from(fieldPart('title', 'Příloha') + fieldPart('file_type', 'Jiné')),
        filePart('file', 'a.png', 'image/png', Buffer.alloc(0)),
        Buffer.from(end),
      ]),
      type: withBoundary,
      status: [400, 415],
    },
    {
      label: '100 fields',
      body: Buffer.concat([
        Buffer.from(Array.from({ length: 100 }, (_, i) => fieldPart(`f${i}`, 'x')).join('')),
        filePart('file', 'a.png', 'image/png', png),
        Buffer.from(end),
      ]),
      type: withBoundary,
      status: [413],
    },
    {
      label: '5 files',
      body: Buffer.concat([
        ...Array.from({ length: 5 }, (_, i) => filePart('file', `a${i}.png`, 'image/png', png)),
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
      body: fieldPart('title', 'x'.repeat(2 * 1024 * 1024)) + fieldPart('file_type', 'Jiné') + end,
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
  it('finds the four upload routes from their declarations', () => {
    expect(uploads.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /api/auth/avatar',
      'POST /api/customer/:id/files/add',
      'POST /api/order/:id/files/add',
      'POST /api/transportation/:id/files/add',
    ]);
  });

  it('a well-formed upload is taken on each (the cases below differ from it only in the fault)', async () => {
    for (const route of uploads) {
      const response = await owner.post(urlOf(route), goodBody(), {
        headers: { 'content-type': withBoundary },
      });
      expect(response.statusCode, `${route.url}: ${response.body}`).toBeLessThan(300);
    }
  });

  it('each fault answers 400/413/415 with the error body and writes nothing', async () => {
    const failures: string[] = [];
    for (const route of uploads) {
      for (const c of cases()) {
        const [before, filesBefore] = [await snapshot(t.db), await storedFiles()];
        const response = await owner.post(urlOf(route), c.body, { headers: { 'content-type': c.type } });
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
  });

  it('20 malformed uploads in parallel on each route: no 5xx, nothing written', async () => {
    const [before, filesBefore] = [await snapshot(t.db), await storedFiles()];
    const good = goodBody();
    const answers = await Promise.all(
      uploads.flatMap((route) =>
        Array.from({ length: 20 }, (_, i) =>
          owner.post(urlOf(route), good.subarray(0, 40 + i * 7), {
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
