import type { FunctionName } from '@letokruh/contracts/permissions';
import type { Product, ProductDetail, ProductPrice } from '@letokruh/contracts/products';
import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { type MockRoutes, makeProfile } from '../../test-utils';

export const today = pragueDay();
export const tomorrow = addDays(today, 1);

const jihlava = { id: 1, name: 'Sklad Jihlava' };
const trebic = { id: 3, name: 'Sklad Třebíč' };

const price = (
  id: number,
  warehouse: { id: number; name: string },
  currency: 'CZK' | 'EUR',
  amount: number,
  vat: number,
  from_date = '2025-01-01',
): ProductPrice => ({ id, warehouse, currency, amount, vat, from_date });

export const smrk: Product = {
  id: 5,
  name: 'Smrk štípaný sypané 33 cm',
  shorten_name: 'SM33S',
  type: 'Měkké',
  subtype: 'soft',
  length: 33,
  measurement_unit: 'PRMS',
  description: '',
  hidden: false,
  prices: [
    price(51, jihlava, 'CZK', 1190, 21),
    price(52, jihlava, 'EUR', 47.5, 20),
    price(53, trebic, 'CZK', 1150, 21),
  ],
};

export const piliny: Product = {
  id: 7,
  name: 'Piliny',
  shorten_name: 'PIL',
  type: 'Doplňkový prodej',
  subtype: 'hard',
  length: 0,
  measurement_unit: 'PRMS',
  description: '',
  hidden: true,
  prices: [],
};

export const smrkDetail: ProductDetail = {
  ...smrk,
  price_history: smrk.prices.map((p) => ({ ...p, created: '2025-01-01T08:00:00.000Z' })),
};

/** The detail after a price from tomorrow: today's price unchanged, the new one in the history. */
export const smrkWithFuturePrice: ProductDetail = {
  ...smrkDetail,
  price_history: [
    { ...price(60, jihlava, 'CZK', 1290, 21, tomorrow), created: `${today}T09:00:00.000Z` },
    ...smrkDetail.price_history,
  ],
};

export const warehouseSummaries = [jihlava, trebic].map((w) => ({
  ...w,
  address: {
    full_address: `${w.name}, Vysočina`,
    town: w.name,
    zip_code: '586 01',
    country: 'Česká republika',
    gps_lat: 49.4,
    gps_lon: 15.5,
  },
  color: '#2f9e44',
  text_color: '#000000',
  hidden: false,
}));

export function productRoutes(functions: FunctionName[], extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/user': { body: { user: makeProfile(functions) } },
    'GET /api/warehouses': { body: { items: warehouseSummaries, total: 2 } },
    ...extra,
  };
}
