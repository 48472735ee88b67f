import type { FunctionName } from '@letokruh/contracts/permissions';
import type { ProductStock, StockChange } from '@letokruh/contracts/stock';
import type { StaffMember, Warehouse, WarehouseSummary } from '@letokruh/contracts/warehouses';
import { type MockRoutes, makeProfile } from '../../test-utils';

/** Answers shaped as the server's tests show them (server/src/modules/warehouses|stock). */
export const staff = (id: number, first_name: string, last_name: string, username: string): StaffMember => ({
  id,
  username,
  first_name,
  last_name,
  name: `${first_name} ${last_name}`,
});

export const drivers = [staff(11, 'Josef', 'Černý', 'driver'), staff(12, 'Martin', 'Kučera', 'driver2')];
export const warehousemen = [
  staff(21, 'Karel', 'Procházka', 'warehouseman'),
  staff(22, 'Pavel', 'Horák', 'w2'),
];

export const jihlavaSummary: WarehouseSummary = {
  id: 1,
  name: 'Sklad Jihlava',
  address: {
    full_address: 'Pávovská 4760/18, 586 01 Jihlava',
    town: 'Jihlava',
    zip_code: '586 01',
    country: 'Česká republika',
    gps_lat: 49.414206,
    gps_lon: 15.571128,
  },
  color: '#2f9e44',
  text_color: '#000000',
  hidden: false,
};

export const trebicSummary: WarehouseSummary = {
  ...jihlavaSummary,
  id: 3,
  name: 'Sklad Třebíč',
  address: { ...jihlavaSummary.address, full_address: 'Brněnská 1025, 674 01 Třebíč', town: 'Třebíč' },
};

export const jihlava: Warehouse = {
  ...jihlavaSummary,
  drivers,
  warehousemen: [warehousemen[0]!],
  cars: [
    { id: 31, name: 'Avia D120 (1J7 3309)', hex_color: '#74b816' },
    { id: 32, name: 'Tatra 815 (1J2 4521)', hex_color: '#2b8a3e' },
  ],
  version: 4,
};

const product = (id: number, name: string, unit: 'PRMS' | 'PRMR' = 'PRMS') => ({
  id,
  name,
  shorten_name: name.slice(0, 3).toUpperCase(),
  type: 'Měkké' as const,
  length: 33,
  measurement_unit: unit,
  hidden: false,
});

/** Decision 0064: Smrk has 4 of its 12,5 reserved; Buk is promised 2 more than there are. */
export const stockRows: ProductStock[] = [
  {
    warehouse_id: 1,
    product: product(5, 'Smrk štípaný sypané 33 cm'),
    amount: 12.5,
    reserved: 4,
    available: 8.5,
    projected: 10.5,
    projected_date: '2026-03-02',
  },
  {
    warehouse_id: 1,
    product: product(6, 'Buk štípaný rovnané 100 cm', 'PRMR'),
    amount: 3,
    reserved: 5,
    available: -2,
    projected: -2,
    projected_date: '2026-03-02',
  },
];

/** GET /product/5/stock: Smrk in Jihlava and in Třebíč. */
export const smrkByWarehouse = [
  { ...stockRows[0]!, warehouse_name: 'Sklad Jihlava' },
  {
    ...stockRows[0]!,
    warehouse_id: 3,
    warehouse_name: 'Sklad Třebíč',
    amount: 1,
    reserved: 3,
    available: -2,
    projected: 1,
  },
];

export const stockChanges: StockChange[] = [
  {
    id: 902,
    product_stock: {
      warehouse_id: 1,
      product: { id: 5, name: 'Smrk štípaný sypané 33 cm', measurement_unit: 'PRMS' },
    },
    amount: -2,
    amount_after: 12.5,
    reason: 'manual',
    created: '2026-03-02T08:15:00.000Z',
    created_by: { id: 21, first_name: 'Karel', last_name: 'Procházka' },
    order_id: null,
    order_intern_id: null,
    conversion_id: null,
  },
  {
    id: 901,
    product_stock: {
      warehouse_id: 1,
      product: { id: 5, name: 'Smrk štípaný sypané 33 cm', measurement_unit: 'PRMS' },
    },
    amount: 14.5,
    amount_after: 14.5,
    reason: 'order_undone',
    created: '2026-03-01T08:15:00.000Z',
    created_by: null,
    order_id: 123,
    order_intern_id: 2026000123,
    conversion_id: null,
  },
];

/** The signed-in user and the calls every warehouse page may make. */
export function warehouseRoutes(functions: FunctionName[], extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/user': { body: { user: makeProfile(functions) } },
    'GET /api/warehouse/1': { body: { item: jihlava } },
    'GET /api/drivers': { body: { items: drivers } },
    'GET /api/warehousemen': { body: { items: warehousemen } },
    'GET /api/product/5/stock': { body: { items: smrkByWarehouse } },
    ...extra,
  };
}
