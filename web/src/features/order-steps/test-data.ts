import type { Customer } from '@letokruh/contracts/customers';
import type { Order } from '@letokruh/contracts/orders';
import type { AvailableProduct } from '@letokruh/contracts/products';
import type { ProductGroup, WarehouseDistance } from './api';

/** Fixtures of the order-step tests, shaped as the server answers. */

export function makeCustomer(id: number, overrides: Partial<Customer> = {}): Customer {
  return {
    id,
    intern_id: 10000 + id,
    name: 'Alžběta Zelenková',
    first_name: 'Alžběta',
    last_name: 'Zelenková',
    organization_id: '',
    organization_name: '',
    vat_id: '',
    email: '',
    phone: '603123456',
    pre_phone: '+420',
    whole_phone: '+420603123456',
    address: {
      full_address: 'Lipová 12, 588 13 Polná',
      town: 'Polná',
      zip_code: '588 13',
      country: 'Česká republika',
      gps_lat: 49.4875,
      gps_lon: 15.7201,
      navigation_link: '',
    },
    to_contact: false,
    version: 1,
    ...overrides,
  };
}

const jihlava = {
  id: 1,
  name: 'Sklad Jihlava',
  color: '#2f9e44',
  text_color: '#000000',
  address: {
    full_address: 'Pávovská 4760/18, 586 01 Jihlava',
    town: 'Jihlava',
    zip_code: '586 01',
    country: 'Česká republika',
    gps_lat: 49.41,
    gps_lon: 15.6,
  },
};

/** A draft as GET /order/add leaves it: no customer, warehouse or currency. */
export function makeOrder(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    intern_id: 2026000000 + id,
    draft: true,
    hidden: false,
    done: false,
    prepared: false,
    collected_revenue_by: null,
    collected_revenue_at: null,
    pay_by_cash: true,
    payment_type: 'cash',
    created: '2026-11-20T08:00:00.000Z',
    expected_delivery_date: null,
    expected_delivery_time: null,
    expected_delivery_datetime: null,
    expected_delivery_duration: 60,
    distance: 0,
    duration: 0,
    expected_travel_length: 0,
    product_prices: 0,
    total_price: 0,
    total_price_vat: 0,
    price_with_vat: 0,
    vat_recap: [],
    amount_to_pay: 0,
    cash_rounding: 0,
    currency: null,
    note: '',
    ad_type: null,
    calendar_name: '',
    warehouse: null,
    driver: null,
    car: null,
    default_supplier: null,
    customer: null,
    address: null,
    products: [],
    files: [],
    delivery_price: { amount: null, minimum_price: null, price: 0 },
    version: 4,
    ...overrides,
  };
}

/** An order through steps 1 and 2: customer, Jihlava, CZK, 12.5 km, no lines. */
export function makeItemsOrder(id: number, overrides: Partial<Order> = {}): Order {
  const customer = makeCustomer(8);
  return makeOrder(id, {
    customer,
    address: customer.address,
    calendar_name: 'Alžběta Zelenková, Polná',
    warehouse: jihlava,
    currency: 'CZK',
    distance: 12.5,
    duration: 16,
    delivery_price: { amount: 30, minimum_price: 600, price: 750 },
    ...overrides,
  });
}

export const distances: WarehouseDistance[] = [
  { ...jihlava, cars: [], distance: 12.5, duration: 16, estimate: true },
  {
    ...jihlava,
    id: 2,
    name: 'Sklad Havlíčkův Brod',
    color: '#1971c2',
    address: { ...jihlava.address, full_address: 'Průmyslová 2146, Havlíčkův Brod' },
    cars: [],
    distance: 31.37,
    duration: 38,
    estimate: true,
  },
];

export function makeProduct(id: number, name: string, czk: number, vat = 21): AvailableProduct {
  return {
    id,
    name,
    shorten_name: name.slice(0, 5),
    type: 'Měkké',
    subtype: 'soft',
    length: 33,
    measurement_unit: 'PRMS',
    pricesWithVat: [
      { currency: 'CZK', amount: czk },
      { currency: 'EUR', amount: Math.round(czk / 25) },
    ],
    vats: [
      { currency: 'CZK', vat },
      { currency: 'EUR', vat: 20 },
    ],
  };
}

export const productGroups: ProductGroup[] = [
  {
    name: 'Měkké',
    products: [makeProduct(5, 'Borovice štípaná 33 cm', 1250), makeProduct(6, 'Smrk štípaný 25 cm', 1290)],
  },
  {
    name: 'Doplňkový prodej',
    products: [{ ...makeProduct(9, 'Piliny', 350.5, 12), type: 'Doplňkový prodej' }],
  },
];

/** GET /warehouse/{id}/product_stock as the picker reads it: Borovice free, Smrk promised beyond. */
export const pickerStock = {
  items: [
    { product: 5, amount: 10, reserved: 2, available: 8, projected: 6 },
    { product: 6, amount: 3, reserved: 12, available: -9, projected: -9 },
  ].map(({ product, ...rest }) => ({
    warehouse_id: 1,
    product: {
      id: product,
      name: product === 5 ? 'Borovice štípaná 33 cm' : 'Smrk štípaný 25 cm',
      shorten_name: 'x',
      type: 'Měkké' as const,
      length: 33,
      measurement_unit: 'PRMS' as const,
      hidden: false,
    },
    ...rest,
    projected_date: '2026-11-30',
  })),
  total: 2,
};
