import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Client } from './build.ts';

/** Test helpers of the payment and document tests. */

/** The demo suppliers by name (reference-data seed): both accounts valid. */
export async function demoSupplierIds(owner: Client): Promise<{ letokruh: number; vysocina: number }> {
  const { items } = (await owner.get('/api/suppliers')).json() as { items: { id: number; name: string }[] };
  const id = (name: string) => items.find((s) => s.name === name)!.id;
  return { letokruh: id('Letokruh s.r.o.'), vysocina: id('Palivové dřevo Vysočina s.r.o.') };
}

/** A supplier written past the form's checks, as an old import could have left one. */
export async function supplierWithBadAccount(db: Db): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into suppliers (name, bank_account, bank_code) values ('Chybný účet s.r.o.', '18-2000145399', '0800') returning id`,
  );
  return row!.id;
}

/** Width and height of a PNG, from its IHDR chunk; fails when it is not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export const dataUrlPng = (dataUrl: string) => {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  return Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
};
