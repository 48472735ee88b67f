import type { AnswerOf } from '@letokruh/contracts/endpoint';
import type { referenceEndpoints } from '@letokruh/contracts/endpoints/reference';
import type { warehousesEndpoints } from '@letokruh/contracts/endpoints/warehouses';
import type { Supplier } from '@letokruh/contracts/reference';
import type { WarehouseSummary } from '@letokruh/contracts/warehouses';

/** Reference answers many pages ask for, as the API answers them (decision 0094). */

type OwnWarehouses = AnswerOf<typeof warehousesEndpoints.own>;
export type OwnWarehouse = OwnWarehouses['items'][number];

/** A warehouse of the user's own list (`GET /warehouses/own`), white text on its colour. */
export function makeOwnWarehouse(id: number, name: string, color: string): OwnWarehouse {
  return { id, name, color, text_color: '#ffffff' };
}

/** Jihlava (1) and Třebíč (2), the two warehouses the pages' tests share. */
export const ownWarehouses: OwnWarehouses = {
  items: [makeOwnWarehouse(1, 'Sklad Jihlava', '#2f9e44'), makeOwnWarehouse(2, 'Sklad Třebíč', '#1971c2')],
};

/** A row of `GET /warehouses`: Jihlava's address unless overridden. */
export function makeWarehouseSummary(
  id: number,
  overrides: Partial<WarehouseSummary> = {},
): WarehouseSummary {
  return {
    id,
    name: 'Sklad Jihlava',
    address: {
      full_address: 'Průmyslová 12, 586 01 Jihlava',
      town: 'Jihlava',
      zip_code: '586 01',
      country: 'Česká republika',
      gps_lat: 49.3961,
      gps_lon: 15.5912,
    },
    color: '#2f9e44',
    text_color: '#ffffff',
    hidden: false,
    ...overrides,
  };
}

/** A supplier (domain.md §2.5) with its identity filled in, Letokruh's own account unless overridden. */
export function makeSupplier(id: number, overrides: Partial<Supplier> = {}): Supplier {
  return {
    id,
    name: 'Letokruh s.r.o.',
    bank_account: '2718340003',
    bank_code: '0100',
    iban: 'CZ9701000000002718340003',
    active: true,
    full_address: 'Pávov 95, 586 01 Jihlava',
    town: 'Jihlava',
    zip_code: '586 01',
    country: 'CZ',
    ico: '26153459',
    dic: 'CZ26153459',
    register_entry: 'zapsaná v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 54321',
    email: 'info@letokruh.cz',
    phone: '+420567123456',
    vat_payer: true,
    ...overrides,
  };
}

/** Two suppliers, as `GET /suppliers` lists them. */
export const suppliers: AnswerOf<typeof referenceEndpoints.suppliers> = {
  items: [
    makeSupplier(1),
    makeSupplier(2, {
      name: 'Dřevo Vysočina a.s.',
      bank_account: '19-2000145399',
      bank_code: '0800',
      iban: 'CZ6508000000192000145399',
      ico: '27074358',
      dic: 'CZ27074358',
    }),
  ],
};
