import type { ProductType } from '@letokruh/contracts/products';
import { roundMoney } from '@letokruh/contracts/rules/money';
import { asc, count } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';

type ProductSeed = {
  name: string;
  shorten: string;
  type: ProductType;
  subtype: 'soft' | 'hard' | null;
  length: number;
  unit: 'PRMS' | 'PRMR';
  /** Price with VAT in CZK at the first warehouse; the others differ a little. */
  czk: number;
};

const firewood = (
  wood: string,
  short: string,
  type: ProductType,
  subtype: 'soft' | 'hard',
  variants: [number, 'PRMS' | 'PRMR', number][],
): ProductSeed[] =>
  variants.map(([length, unit, czk]) => ({
    name: `${wood} ${unit === 'PRMR' ? 'rovnané' : 'sypané'} ${length} cm`,
    shorten: `${short}${length}${unit === 'PRMR' ? 'R' : 'S'}`,
    type,
    subtype,
    length,
    unit,
    czk,
  }));

/** About thirty products in the three types of domain.md §2.3, deterministic. */
export const demoProducts: ProductSeed[] = [
  ...firewood('Smrk štípaný', 'SM', 'Měkké', 'soft', [
    [25, 'PRMS', 1290],
    [33, 'PRMS', 1190],
    [50, 'PRMS', 1150],
    [100, 'PRMR', 1590],
  ]),
  ...firewood('Borovice štípaná', 'BO', 'Měkké', 'soft', [
    [33, 'PRMS', 1250],
    [50, 'PRMS', 1200],
  ]),
  ...firewood('Modřín štípaný', 'MO', 'Měkké', 'soft', [[33, 'PRMS', 1390]]),
  ...firewood('Směs měkkého dřeva', 'MS', 'Měkké', 'soft', [
    [33, 'PRMS', 1090],
    [50, 'PRMR', 1450],
  ]),
  ...firewood('Buk štípaný', 'BK', 'Tvrdé', 'hard', [
    [25, 'PRMS', 2190],
    [33, 'PRMS', 2090],
    [50, 'PRMS', 1990],
    [100, 'PRMR', 2790],
  ]),
  ...firewood('Dub štípaný', 'DB', 'Tvrdé', 'hard', [
    [33, 'PRMS', 2190],
    [50, 'PRMS', 2090],
  ]),
  ...firewood('Habr štípaný', 'HB', 'Tvrdé', 'hard', [[33, 'PRMS', 2290]]),
  ...firewood('Bříza štípaná', 'BR', 'Tvrdé', 'hard', [[33, 'PRMS', 1890]]),
  ...firewood('Jasan štípaný', 'JS', 'Tvrdé', 'hard', [[33, 'PRMS', 1990]]),
  ...firewood('Akát štípaný', 'AK', 'Tvrdé', 'hard', [[33, 'PRMS', 2390]]),
  ...firewood('Směs tvrdého dřeva', 'TS', 'Tvrdé', 'hard', [[33, 'PRMR', 2590]]),
  ...(
    [
      ['Třísky na podpal', 'TRI', 'soft', 0, 'PRMS', 990],
      ['Odřezky smrkové', 'ODS', 'soft', 33, 'PRMS', 690],
      ['Odřezky bukové', 'ODB', 'hard', 33, 'PRMS', 1290],
      ['Kůra smrková', 'KUR', 'soft', 0, 'PRMS', 450],
      ['Štěpka dřevní', 'STE', null, 0, 'PRMS', 590],
      ['Kulatina smrková 2 m', 'KUS', 'soft', 200, 'PRMR', 1490],
      ['Kulatina buková 2 m', 'KUB', 'hard', 200, 'PRMR', 2390],
      ['Dřevo na gril buk', 'GRI', 'hard', 25, 'PRMS', 2490],
      ['Piliny', 'PIL', null, 0, 'PRMS', 350],
    ] as const
  ).map(
    ([name, shorten, subtype, length, unit, czk]): ProductSeed => ({
      name,
      shorten,
      type: 'Doplňkový prodej',
      subtype,
      length,
      unit,
      czk,
    }),
  ),
];

/**
 * The demo prices hold from this day on, so they are in force whenever the demo runs. Firewood
 * carries the standard rates (21 % CZ, 20 % AT); the supplementary goods (chips, bark, sawdust…)
 * a reduced rate, 12 % CZ and 13 % AT, so that demo orders mix rates (decision 0038).
 */
export const demoPriceFromDate = '2025-01-01';
/** Per warehouse, in seed order: CZK offset and EUR rate of the yard. */
const warehouseTerms = [
  { czkOffset: 0, eurRate: 25 },
  { czkOffset: 50, eurRate: 25 },
  { czkOffset: -40, eurRate: 24.5 },
];

/** Products with CZK and EUR prices in every warehouse, and stock of each; skipped when products exist. */
export async function seedCatalogue(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(s.products);
  if ((existing?.n ?? 0) > 0) return;
  const products = await db
    .insert(s.products)
    .values(
      demoProducts.map((p) => ({
        name: p.name,
        shortenName: p.shorten,
        type: p.type,
        subtype: p.subtype,
        length: p.length,
        measurementUnit: p.unit,
      })),
    )
    .returning({ id: s.products.id });
  const warehouses = await db
    .select({ id: s.warehouses.id })
    .from(s.warehouses)
    .orderBy(asc(s.warehouses.id));
  const prices: (typeof s.productPrices.$inferInsert)[] = [];
  const stock: (typeof s.productStock.$inferInsert)[] = [];
  const ledger: (typeof s.stockLedger.$inferInsert)[] = [];
  products.forEach((product, pi) => {
    const seed = demoProducts[pi]!;
    warehouses.forEach((warehouse, wi) => {
      const terms = warehouseTerms[wi % warehouseTerms.length]!;
      const czk = seed.czk + terms.czkOffset;
      // EUR rounded to half euros, as a yard near the border would quote them.
      const eur = roundMoney(Math.round((czk / terms.eurRate) * 2) / 2);
      const base = { productId: product.id, warehouseId: warehouse.id, fromDate: demoPriceFromDate };
      const reduced = seed.type === 'Doplňkový prodej';
      prices.push({ ...base, currency: 'CZK', price: czk, vat: reduced ? 12 : 21 });
      prices.push({ ...base, currency: 'EUR', price: eur, vat: reduced ? 13 : 20 });
      if (reduced) {
        // Decision 0038: their history crosses the Czech VAT change, lawfully: 15 % until 2023, and
        // from 1 January 2024 the same price with VAT at 12 %.
        const older = { productId: product.id, warehouseId: warehouse.id, currency: 'CZK' as const };
        const before = roundMoney(czk * 0.95, 0);
        prices.push({ ...older, fromDate: '2023-01-01', price: before, vat: 15 });
        prices.push({ ...older, fromDate: '2024-01-01', price: before, vat: 12 });
      }
      // Deterministic amounts between 4 and 64, halves included; every fifth product is sold out here.
      const amount = (pi + wi) % 5 === 4 ? 0 : ((pi * 37 + wi * 11) % 61) + 4 + ((pi + wi) % 2) / 2;
      stock.push({ warehouseId: warehouse.id, productId: product.id, amount });
      if (amount !== 0) {
        ledger.push({
          warehouseId: warehouse.id,
          productId: product.id,
          delta: amount,
          amountAfter: amount,
          reason: 'manual',
          userId: null,
        });
      }
    });
  });
  if (prices.length) await db.insert(s.productPrices).values(prices);
  if (stock.length) await db.insert(s.productStock).values(stock);
  if (ledger.length) await db.insert(s.stockLedger).values(ledger);
}
