import type { Customer } from '@letokruh/contracts/customers';
import type { Order, OrderLine, OrderListItem } from '@letokruh/contracts/orders';

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 199,
    intern_id: 10199,
    name: 'Martina Kovářová',
    first_name: 'Martina',
    last_name: 'Kovářová',
    organization_id: '',
    organization_name: '',
    vat_id: '',
    email: 'martina.kovarova@seznam.cz',
    phone: '726304738',
    pre_phone: '+420',
    whole_phone: '+420726304738',
    address: {
      full_address: 'Kamenice 30, 588 23 Kamenice',
      town: 'Kamenice',
      zip_code: '588 23',
      country: 'Česká republika',
      gps_lat: 49.365188,
      gps_lon: 15.776149,
      navigation_link: 'https://www.google.com/maps/dir/?api=1&destination=49.365188,15.776149',
    },
    to_contact: false,
    version: 1,
    ...overrides,
  };
}

export function makeListItem(id: number, overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id,
    intern_id: 2026000000 + id,
    draft: false,
    hidden: false,
    done: false,
    prepared: false,
    collected_revenue_at: null,
    pay_by_cash: true,
    payment_type: 'cash',
    created: '2026-12-04T11:19:00.000Z',
    expected_delivery_date: '2026-12-12',
    expected_delivery_time: '10:15',
    price_with_vat: 4086.5,
    currency: 'CZK',
    customer: makeCustomer(),
    warehouse: { id: 1, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#000000' },
    ...overrides,
  };
}

export function makeLine(id: number, overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id,
    amount: 2,
    prepared: false,
    product: {
      product: {
        id: 3,
        name: 'Smrk štípaný 33 cm',
        shorten_name: 'SM33',
        type: 'Měkké',
        subtype: 'soft',
        length: 33,
        measurement_unit: 'PRMS',
      } as OrderLine['product']['product'],
      amount: 1250,
      currency: 'CZK',
      vat: 21,
      discount: 1,
    },
    total_price_vat: 2500,
    total_price: 2066.12,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  const customer = makeCustomer({
    organization_name: 'Pila Kamenice s.r.o.',
    organization_id: '25301233',
    vat_id: 'CZ25301233',
  });
  return {
    id: 271,
    intern_id: 2026000248,
    draft: false,
    hidden: false,
    done: false,
    prepared: false,
    collected_revenue_by: null,
    collected_revenue_at: null,
    pay_by_cash: true,
    payment_type: 'cash',
    created: '2026-12-04T11:19:00.000Z',
    expected_delivery_date: '2026-12-12',
    expected_delivery_time: '10:15',
    expected_delivery_datetime: '2026-12-12T10:15',
    expected_delivery_duration: 60,
    distance: 20.6,
    duration: 25,
    expected_travel_length: 41.2,
    product_prices: 2850,
    total_price: 3376.86,
    total_price_vat: 709.14,
    price_with_vat: 4086,
    vat_recap: [{ rate: 21, base: 3376.86, vat: 709.14, total: 4086 }],
    amount_to_pay: 4086,
    cash_rounding: 0,
    currency: 'CZK',
    note: 'Složit za garáž.',
    ad_type: { id: 6, name: 'Seznam.cz' },
    calendar_name: 'Martina Kovářová, Kamenice',
    warehouse: {
      id: 1,
      name: 'Sklad Jihlava',
      color: '#2f9e44',
      text_color: '#000000',
      address: {
        full_address: 'Pávovská 4760/18, 586 01 Jihlava',
        town: 'Jihlava',
        zip_code: '586 01',
        country: 'Česká republika',
        gps_lat: 49.414206,
        gps_lon: 15.571128,
      },
    } as Order['warehouse'],
    driver: { id: 5, username: 'driver', first_name: 'Josef', last_name: 'Černý', name: 'Josef Černý' },
    car: { id: 1, name: 'Tatra 815 (1J2 4521)', hex_color: '#2b8a3e' } as Order['car'],
    default_supplier: { id: 1, name: 'Letokruh s.r.o.', bank_account: '2718340003', bank_code: '0100' },
    customer,
    address: customer.address,
    products: [
      makeLine(505),
      makeLine(506, {
        amount: 1,
        prepared: true,
        product: {
          product: {
            id: 29,
            name: 'Piliny',
            shorten_name: 'PIL',
            type: 'Doplňkový prodej',
            subtype: null,
            length: 0,
            measurement_unit: 'PRMS',
          } as OrderLine['product']['product'],
          amount: 350,
          currency: 'CZK',
          vat: 21,
          discount: 1,
        },
        total_price_vat: 350,
        total_price: 289.26,
      }),
    ],
    files: [],
    delivery_price: { amount: 30, minimum_price: 600, price: 1236 },
    version: 4,
    ...overrides,
  };
}
