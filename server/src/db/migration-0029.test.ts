import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPglite } from './client.ts';

// Decision 0038: migration 0029 gives CZK prices at 15 % or 10 % still in force on 2024-01-01 a 12 %
// successor from that day, and moves later rows at those rates to 12 %. Its statements are run
// again here on rows written after the migration, as an old database would hold them.
const folder = path.resolve(import.meta.dirname, 'migrations');
const client = newPglite(undefined);
const db = drizzle(client);
const rows = async (query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as Record<string, unknown>[];

beforeAll(async () => {
  await migrate(db, { migrationsFolder: folder });
}, 300_000);
afterAll(() => client.close());

describe('migration 0029 (Czech reduced VAT 2024)', () => {
  it('adds a 12 % successor to a lawful old price still in force, and fixes unlawful new ones', async () => {
    const [w] =
      await rows(sql`insert into warehouses (name, full_address, town, zip_code, country, gps_lat, gps_lon, color, text_color)
      values ('W', 'A 1', 'T', '58601', 'CZ', 49.4, 15.6, '#000000', '#ffffff') returning id`);
    const product = async (name: string) =>
      (
        await rows(sql`insert into products (name, shorten_name, type, length, measurement_unit)
          values (${name}, ${name}, 'Měkké', 33, 'PRMS') returning id`)
      )[0]!.id as number;
    const [a, b, c, d] = [await product('a'), await product('b'), await product('c'), await product('d')];
    const price = (p: number, currency: string, vat: number, from: string, amount = 100) =>
      db.execute(sql`insert into product_prices (product_id, warehouse_id, currency, price, vat, from_date)
        values (${p}, ${w!.id}, ${currency}, ${amount}, ${vat}, ${from})`);
    await price(a, 'CZK', 15, '2022-05-01', 990); // in force on 2024-01-01: gets a successor
    await price(b, 'CZK', 10, '2023-03-01');
    await price(b, 'CZK', 21, '2023-09-01'); // b's 10 % ended before 2024: nothing to do
    await price(c, 'CZK', 15, '2023-01-01');
    await price(c, 'CZK', 12, '2024-01-01'); // already replaced by the owner
    await price(d, 'CZK', 15, '2025-02-01'); // never lawful
    await price(d, 'EUR', 10, '2022-01-01'); // Austria's 10 % stays

    const text = await fs.readFile(path.join(folder, '0029_czech_reduced_vat_2024.sql'), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const all =
      await rows(sql`select product_id, currency, price::text as price, vat, from_date::text as from_date
      from product_prices order by product_id, currency, from_date, id`);
    const of = (p: number) =>
      all.filter((r) => r.product_id === p).map((r) => [r.currency, r.price, r.vat, r.from_date]);
    expect(of(a)).toEqual([
      ['CZK', '990.00', 15, '2022-05-01'],
      ['CZK', '990.00', 12, '2024-01-01'],
    ]);
    expect(of(b)).toEqual([
      ['CZK', '100.00', 10, '2023-03-01'],
      ['CZK', '100.00', 21, '2023-09-01'],
    ]);
    expect(of(c)).toEqual([
      ['CZK', '100.00', 15, '2023-01-01'],
      ['CZK', '100.00', 12, '2024-01-01'],
    ]);
    expect(of(d)).toEqual([
      ['CZK', '100.00', 12, '2025-02-01'],
      ['EUR', '100.00', 10, '2022-01-01'],
    ]);
  });
});
