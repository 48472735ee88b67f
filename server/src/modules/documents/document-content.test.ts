import { execFileSync, spawnSync } from 'node:child_process';
import type { Order } from '@letokruh/contracts/orders';
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { setCustomer, someCustomerId } from '../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { demoSupplierIds } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';
import { notePrices } from './note-prices.ts';

/**
 * Decision 0041: documents a Czech accountant accepts. The identity of both parties, the order's number
 * and dates, a VAT recapitulation per rate that adds up to the lines, CZK cash rounded to whole
 * crowns, every letter (bold ones too) in the extracted text, and long notes on several pages with
 * the heading and "Strana n z m" on each.
 */

let t: BuiltTestApp;
let owner: Client;
let suppliers: { letokruh: number; vysocina: number };
let brod: number;
/** CZK, cash: 3 × 333,33 at 21 % + 1,5 × 99,99 at 12 % + delivery at the 600 Kč minimum (21 %). */
let mixed: Order;
/** EUR, transfer: 2 × 50 at 20 % + 3 × 12,35 at 10 % + delivery at the 30 € minimum (20 %). */
let euro: Order;
/** 110 lines and a note of several thousand characters. */
let long: Order;
let companyId: number;

const glyphs = 'ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽáčďéěíňóřšťúůýž ÄÖÜäöüß S';

const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;

/**
 * The text of each page, as `pdftotext -layout` gives it (split at its form feeds) where poppler is
 * installed, otherwise as pdf.js (pdf-parse) reads it; both read the fonts' ToUnicode maps. Runs of
 * spaces and no-break spaces become one space, so that "Celkem s DPH:    1 749,98 Kč" reads whole.
 */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  let pages: string[];
  if (hasPdftotext) {
    pages = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
      .toString('utf8')
      .split('\f')
      .slice(0, -1);
  } else {
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      pages = (await parser.getText()).pages.map((p) => p.text);
    } finally {
      await parser.destroy();
    }
  }
  return pages.map((p) => p.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' '));
}

async function notePages(c: Client, id: number, query: string): Promise<string[]> {
  const response = await c.get(`/api/order/${id}/get_delivery_note?${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return pagesOf(response.rawPayload);
}

const setLineVat = (orderId: number, productId: number, vat: number) =>
  t.db.execute(
    sql`update order_items set vat = ${vat} where order_id = ${orderId} and product_id = ${productId}`,
  );

const fetchOrder = async (id: number) => (await owner.get(`/api/order/${id}`)).json().item as Order;

beforeAll(async () => {
  // Orders are changed in SQL below (VAT 12 %, 110 lines): no cached answer may hide that.
  t = await buildTestApp({ ANSWER_CACHE_BYTES: '0' });
  ({ owner } = await signIn(t.app, ['owner']));
  suppliers = await demoSupplierIds(owner);
  ({ brod } = await warehouseIds(owner));
  const [standard, reduced] = [await makeProduct(owner, brod), await makeProduct(owner, brod)];
  companyId = await someCustomerId(owner, 7);
  await setCustomer(t.db, companyId, {
    first_name: 'Řehoř',
    last_name: 'Šťastný',
    email: 'rehor@example.cz',
    organization_name: glyphs,
  });
  await t.db.execute(
    sql`update customers set organization_id = '25596641', vat_id = 'CZ25596641' where id = ${companyId}`,
  );

  const made = await makeOrder(owner, {
    warehouseId: brod,
    customerId: companyId,
    lines: [
      { id: standard, amount: 3, price: 333.33 },
      { id: reduced, amount: 1.5, price: 99.99 },
    ],
    items: { distance: 0 },
    intern: { payment_type: 'cash', supplier_id: suppliers.letokruh },
  });
  await setLineVat(made.id, reduced, 12);
  mixed = await fetchOrder(made.id);

  const madeEuro = await makeOrder(owner, {
    warehouseId: brod,
    customerId: companyId,
    lines: [
      { id: standard, amount: 2, price: 50 },
      { id: reduced, amount: 3, price: 12.35 },
    ],
    items: { currency: 'EUR', distance: 0 },
    intern: { payment_type: 'qr_transfer', supplier_id: suppliers.vysocina },
  });
  await setLineVat(madeEuro.id, reduced, 10);
  euro = await fetchOrder(madeEuro.id);

  const madeLong = await makeOrder(owner, {
    warehouseId: brod,
    customerId: await someCustomerId(owner, 8),
    lines: [{ id: standard, amount: 1 }],
    intern: { payment_type: 'cash' },
  });
  await t.db.execute(sql`
    with made as (
      insert into products (name, shorten_name, type, length, measurement_unit)
      select 'Řezivo Šumava ' || g, 'ŘŠ', 'Tvrdé', 33, 'PRMS' from generate_series(1, 109) g
      returning id
    )
    insert into order_items (order_id, product_id, amount, price, currency, vat)
    select ${madeLong.id}, id, 2, 10.5, 'CZK', case when id % 2 = 0 then 21 else 12 end from made`);
  const sentence = 'Složit za stodolou u Žďáru, řidič zavolá půl hodiny předem a počká na převzetí. ';
  await t.db.execute(sql`update orders set note = ${sentence.repeat(80).trim()} where id = ${madeLong.id}`);
  long = await fetchOrder(madeLong.id);
}, 180_000);
afterAll(() => t?.close());

describe('the VAT recapitulation', () => {
  it('adds up to the lines and the order total to the haléř, per rate, highest first', () => {
    for (const order of [mixed, euro, long]) {
      const prices = notePrices({ ...order, currency: order.currency! });
      expect(prices.total).toBe(order.price_with_vat);
      expect(Math.round(prices.base * 100) + Math.round(prices.vat * 100)).toBe(
        Math.round(prices.total * 100),
      );
      const lines = order.products.reduce((sum, l) => sum + Math.round(l.total_price_vat * 100), 0);
      expect(lines + Math.round(order.delivery_price.price * 100)).toBe(Math.round(prices.total * 100));
      expect(prices.recap.map((r) => r.rate)).toEqual(
        [...prices.recap.map((r) => r.rate)].sort((a, b) => b - a),
      );
    }
    expect(notePrices({ ...mixed, currency: 'CZK' }).recap).toEqual([
      { rate: 21, base: 1322.31, vat: 277.68, total: 1599.99 },
      { rate: 12, base: 133.92, vat: 16.07, total: 149.99 },
    ]);
    expect(notePrices({ ...euro, currency: 'EUR' }).recap).toEqual([
      { rate: 20, base: 108.33, vat: 21.67, total: 130 },
      { rate: 10, base: 33.68, vat: 3.37, total: 37.05 },
    ]);
  });
});

describe('a Czech delivery note', () => {
  it('shows both parties with IČO and DIČ, the order number and dates, lines, recap and cash rounding', async () => {
    expect(mixed.price_with_vat).toBe(1749.98);
    const pages = await notePages(owner, mixed.id, `supplier=${suppliers.letokruh}&language=cs`);
    expect(pages).toHaveLength(1);
    const [text] = pages as [string];
    const created = new Date(mixed.created);
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' })
      .format(created)
      .split('-')
      .map(Number);
    for (const expected of [
      'Dodací list',
      `Číslo objednávky`,
      String(mixed.intern_id),
      `Datum objednávky: ${d}.${m}.${y}`,
      'Datum dodání:',
      // The supplier's identity (the demo seed fills it).
      'Letokruh s.r.o.',
      'IČO: 27082440',
      'DIČ: CZ27082440',
      'plátce DPH',
      'Krajským soudem',
      // The customer, a company: its name, the person, IČO and DIČ.
      ...glyphs.split(' '),
      'Řehoř Šťastný',
      'IČO: 25596641',
      'DIČ: CZ25596641',
      // Lines with their rates.
      '3 PRMS',
      '333,33',
      '999,99',
      '1,5 PRMS',
      '149,99',
      '12 %',
      'Doprava',
      // The recapitulation per rate: base, VAT, total.
      'REKAPITULACE DPH',
      '21 % 1 322,31 277,68 1 599,99',
      '12 % 133,92 16,07 149,99',
      'Celkem 1 456,23 293,75 1 749,98',
      'Celkem bez DPH: 1 456,23 Kč',
      'Celkem s DPH: 1 749,98 Kč',
      // CZK in cash: whole crowns, the difference shown.
      'Zaokrouhlení: +0,02 Kč',
      'K úhradě: 1 750,00 Kč',
      'Způsob platby: Hotově',
      `Dodací list ${mixed.intern_id} · Letokruh s.r.o.`,
      'Strana 1 z 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('keeps a bank transfer exact: no rounding rows', async () => {
    const made = await makeOrder(owner, {
      warehouseId: brod,
      customerId: companyId,
      lines: [{ id: mixed.products[0]!.product.product.id, amount: 1.5, price: 99.99 }],
      items: { distance: 0 },
      intern: { payment_type: 'qr_transfer', supplier_id: suppliers.vysocina },
    });
    const [text] = (await notePages(owner, made.id, `supplier=${suppliers.vysocina}`)) as [string];
    expect(text).toContain('Celkem s DPH: 749,99 Kč');
    expect(text).not.toContain('Zaokrouhlení');
    expect(text).not.toContain('K úhradě');
  });
});

describe('a German delivery note of an EUR order', () => {
  it('recaps 20 % and 10 % in euros and rounds nothing', async () => {
    expect(euro.price_with_vat).toBe(167.05);
    const [text] = (await notePages(owner, euro.id, `supplier=${suppliers.letokruh}&language=de`)) as [
      string,
    ];
    for (const expected of [
      'Lieferschein',
      'Bestelldatum',
      'USt-IdNr. (DIČ): CZ27082440',
      'umsatzsteuerpflichtig',
      'Tschechien',
      'USt-IdNr. (DIČ): CZ25596641',
      'MWST.-AUFSTELLUNG',
      '20 % 108,33 21,67 130,00',
      '10 % 33,68 3,37 37,05',
      'Summe ohne MwSt.: 142,01 €',
      'Summe inkl. MwSt.: 167,05 €',
      'Seite 1 von 1',
      ...glyphs.split(' '),
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Rundung');
  });
});

describe('every letter in the extracted text', () => {
  it('bold Czech and German letters and a plain bold S survive in every later document', async () => {
    // The worker's fonts are shared by every document it draws: the second and third notes are
    // the ones that lost "S" once the first had drawn "Š".
    for (let i = 0; i < 3; i++) {
      const [text] = (await notePages(owner, mixed.id, `supplier=${suppliers.letokruh}`)) as [string];
      for (const expected of ['Strana 1 z 1', 'Sazba', 'Způsob platby', 'Dodací list', 'Šťastný'])
        expect(text, `${i}: ${expected}`).toContain(expected);
      // The customer's name, the block's bold first line, word by word (the block may wrap it).
      const [czech, german] = glyphs.split(' ') as [string, string];
      expect(text, `${i}`).toContain(czech);
      expect(text, `${i}`).toContain(german);
      expect(text, `${i}: a bold S on its own`).toMatch(new RegExp(`${german} S\\b`));
    }
  });
});

describe('long documents', () => {
  it('a note of 110 lines and a long note flows onto further pages with its heading and page numbers', async () => {
    const pages = await notePages(owner, long.id, `supplier=${suppliers.vysocina}&language=cs`);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const heading = `Dodací list ${long.intern_id}`;
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain(`Strana ${i + 1} z ${pages.length}`);
      expect(page, `page ${i + 1}`).toContain(heading);
      if (i > 0) expect(page, `page ${i + 1}`).toContain('pokračování');
    });
    // The table's header is repeated on the pages the lines go on to.
    const withLines = pages.filter((p) => p.includes('Řezivo Šumava'));
    expect(withLines.length).toBeGreaterThanOrEqual(2);
    for (const page of withLines) expect(page).toMatch(/Položka\s.*Množství/);
    const all = pages.join('\n');
    for (let n = 1; n <= 109; n++) expect(all).toContain(`Řezivo Šumava ${n} `);
    expect(all.match(/Žďáru,/g)).toHaveLength(80);
    expect(all).toContain(
      `Celkem s DPH: ${long.price_with_vat
        .toFixed(2)
        .replace('.', ',')
        .replace(/\B(?=(\d{3})+,)/g, ' ')} Kč`,
    );
  });

  it('merged notes count pages per note: the long one and a short one', async () => {
    const response = await owner.get(
      `/api/download_multiple_delivery_notes?orders=${mixed.id},${long.id},${euro.id}&supplier=${suppliers.letokruh}&language=de`,
    );
    expect(response.statusCode).toBe(200);
    const pages = await pagesOf(response.rawPayload);
    const longPages = pages.length - 2;
    expect(pages[0]).toContain(`Lieferschein ${mixed.intern_id}`);
    expect(pages[0]).toContain('Seite 1 von 1');
    for (let i = 1; i <= longPages; i++) {
      expect(pages[i]).toContain(`Lieferschein ${long.intern_id}`);
      expect(pages[i]).toContain(`Seite ${i} von ${longPages}`);
    }
    expect(pages.at(-1)).toContain(`Lieferschein ${euro.intern_id}`);
    expect(pages.at(-1)).toContain('Seite 1 von 1');
    expect(pages.at(-1)).toContain('167,05 €');
  });
});

describe('the orders PDF', () => {
  it("names the orders' suppliers, each order's number and date, the company's IČO/DIČ and cash to collect", async () => {
    const day = mixed.expected_delivery_date!;
    const response = await owner.get(`/api/download-orders?warehouse=${brod}&from=${day}`);
    expect(response.statusCode).toBe(200);
    const pages = await pagesOf(response.rawPayload);
    const text = pages.join('\n');
    const created = new Intl.DateTimeFormat('cs-CZ', { timeZone: 'Europe/Prague' })
      .format(new Date(mixed.created))
      .replace(/\s/g, '');
    for (const expected of [
      'DODAVATEL',
      'Letokruh s.r.o.',
      'IČO: 27082440',
      String(mixed.intern_id),
      created,
      'IČO: 25596641',
      'DIČ: CZ25596641',
      '1 749,98 Kč',
      'Strana 1 z 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The payment column is narrow: the label, the amount and the difference on lines of their own.
    for (const expected of ['K úhradě:', '1 750,00 Kč', '(zaokr. +0,02 Kč)'])
      expect(text).toContain(expected);
    expect(text).toContain('Vybrat v hotovosti: 1 750,00 Kč');
  });

  it('repeats its title, table header and page numbers over many pages', async () => {
    const day = long.expected_delivery_date!;
    // 30 more orders on the long order's day: well over one landscape page.
    const customer = await someCustomerId(owner, 9);
    for (let i = 0; i < 30; i++)
      await makeOrder(owner, {
        warehouseId: brod,
        customerId: customer,
        lines: [{ id: mixed.products[0]!.product.product.id, amount: 1 }],
        intern: { expected_delivery_date: day, expected_delivery_time: '08:00', confirm_overlap: true },
      });
    const response = await owner.get(`/api/download-orders?warehouse=${brod}&from=${day}`);
    const pages = await pagesOf(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Strana ${i + 1} z ${pages.length}`);
      expect(page).toContain('Objednávky – Sklad Havlíčkův Brod');
      expect(page).toMatch(/Dodání\s+Objednávka\s+Zákazník/);
    });
  }, 180_000);
});
