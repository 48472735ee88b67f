import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from './build.ts';

/** Test factories of products, made through the API as the web app makes them. */

/** The add form of a product of its own (a random name, so that tests never meet); overrides replace fields. */
export const productForm = (overrides: Record<string, unknown> = {}) => ({
  name: `Zkušební ${Math.random().toString(36).slice(2, 8)}`,
  shorten_name: 'ZK',
  type: 'Tvrdé',
  length: 33,
  measurement_unit: 'PRMS',
  ...overrides,
});

/** The prices makeProduct gives unless told otherwise: in every warehouse, from today. */
const offeredEverywhere = [
  { currency: 'CZK', price: 1210, vat: 21 },
  { currency: 'EUR', price: 50, vat: 20 },
];

/**
 * A product of its own, on offer for 1210 CZK / 50 EUR everywhere unless `priceForm` says
 * otherwise, kept in `warehouseId` at `stock` (10 unless told; 0 keeps it without stock) and in
 * the warehouses of `alsoIn` without stock. The other overrides replace fields of the add form.
 */
export async function makeProduct(
  owner: Client,
  warehouseId: number,
  { stock = 10, alsoIn = [], ...form }: { stock?: number; alsoIn?: number[] } & Record<string, unknown> = {},
): Promise<number> {
  const added = await owner.post('/api/product/add', productForm({ priceForm: offeredEverywhere, ...form }));
  expect(added.statusCode, added.body).toBe(201);
  const productId = added.json().item.id as number;
  for (const id of [warehouseId, ...alsoIn])
    expect((await owner.post(`/api/warehouse/${id}/add_product`, { product_id: productId })).statusCode).toBe(
      201,
    );
  if (stock)
    expect(
      (await owner.put(`/api/update_stock/${warehouseId}/${productId}`, { amount: stock })).statusCode,
    ).toBe(200);
  return productId;
}

/** The amount of a product a warehouse keeps. */
export const stockOf = async (owner: Client, warehouseId: number, productId: number) =>
  (await owner.get(`/api/update_stock/${warehouseId}/${productId}`)).json().item.amount as number;

/** A product as a warehouse offers it through the order items call. */
type Offered = { pricesWithVat: { currency: string; amount: number }[]; vats: { vat: number }[] };

/** The setup of the product and price tests: one app, the owner and a technician signed in. */
export type ProductsTest = BuiltTestApp & {
  owner: Client;
  technician: Client;
  /** The demo warehouses. */
  warehouses: { id: number; name: string }[];
  /** A demo warehouse's id by a part of its name ('Jihlava', 'Havlíčkův', 'Třebíč'). */
  wid(town: string): number;
  /** How many price rows there are: a refused write adds none. */
  countPrices(): Promise<number>;
  /** The product as the warehouse offers it today in the currency, or undefined when it does not. */
  offered(productId: number, warehouseId: number, currency?: string): Promise<Offered | undefined>;
};

export async function buildProductsTest(): Promise<ProductsTest> {
  const t = await buildTestApp();
  const owner = await login(t.app, 'owner');
  const technician = await login(t.app, 'technician');
  const warehouses: { id: number; name: string }[] = (await owner.get('/api/warehouses')).json().items;
  return {
    ...t,
    owner,
    technician,
    warehouses,
    wid: (town) => warehouses.find((w) => w.name.includes(town))!.id,
    countPrices: async () =>
      Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from product_prices`))[0]?.n),
    async offered(productId, warehouseId, currency = 'CZK') {
      const response = await technician.get(
        `/api/available_products?warehouse_id=${warehouseId}&currency=${currency}`,
      );
      expect(response.statusCode).toBe(200);
      const groups: { products: (Offered & { id: number })[] }[] = response.json().products_types;
      return groups.flatMap((g) => g.products).find((p) => p.id === productId);
    },
  };
}
