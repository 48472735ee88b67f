import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../../test/build.ts';
import { someCustomerId } from '../../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../../test/orders.ts';
import { makeProduct } from '../../../test/products.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let technician: Client;
let warehouseman: Client;
let jihlava: number;
let trebic: number;
let customerId: number;
let product: number;
let staff: Record<string, number>;
let jihlavaCars: { id: number; name: string }[];
let trebicCars: { id: number; name: string }[];
let suppliers: { id: number }[];
let adtypes: { id: number; name: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner, dispatcher, technician, warehouseman } = await signIn(t.app, [
    'owner',
    'dispatcher',
    'technician',
    'warehouseman',
  ]));
  ({ jihlava, trebic } = await warehouseIds(owner));
  customerId = await someCustomerId(owner, 3);
  product = await makeProduct(owner, jihlava, { stock: 100 });
  const users = (await owner.get('/api/users?per_page=100')).json().items as {
    id: number;
    username: string;
  }[];
  staff = Object.fromEntries(users.map((u) => [u.username, u.id]));
  jihlavaCars = (await owner.get(`/api/warehouse/${jihlava}`)).json().item.cars;
  trebicCars = (await owner.get(`/api/warehouse/${trebic}`)).json().item.cars;
  suppliers = (await owner.get('/api/suppliers')).json().items;
  adtypes = (await owner.get('/api/adtypes')).json().items;
});
afterAll(() => t?.close());

/** An order of Jihlava with its items saved and `travel` minutes of travel each way, not yet scheduled. */
const unscheduled = (travel = 30): Promise<Order> =>
  makeOrder(technician, {
    warehouseId: jihlava,
    customerId,
    lines: [{ id: product, amount: 1 }],
    items: { distance: 20, duration: travel },
    intern: false,
  });

const intern = (id: number, body: Record<string, unknown>) =>
  technician.post(`/api/order/${id}/intern`, {
    payment_type: 'cash',
    expected_delivery_duration: 60,
    driver_id: staff.driver2,
    car_id: jihlavaCars[0]!.id,
    ...body,
  });

describe('POST /order/{id}/intern', () => {
  it('saves driver, car, supplier, payment, the Prague wall-clock delivery, duration, note and ad type', async () => {
    const order = await unscheduled();
    const response = await intern(order.id, {
      supplier_id: suppliers[1]!.id,
      payment_type: 'qr_transfer',
      expected_delivery_datetime: '2031-03-29T02:30',
      expected_delivery_duration: 45,
      note: '  Zavolat předem.  ',
      ad_type: adtypes[0]!.id,
      version: order.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const item = (await technician.get(`/api/order/${order.id}`)).json().item;
    expect(item).toMatchObject({
      driver: { id: staff.driver2, username: 'driver2', name: 'Martin Kučera' },
      car: { id: jihlavaCars[0]!.id, name: jihlavaCars[0]!.name, hex_color: expect.any(String) },
      default_supplier: { id: suppliers[1]!.id, bank_account: '35-1154780008', bank_code: '0800' },
      payment_type: 'qr_transfer',
      pay_by_cash: false,
      // 2:30 on the night the clocks go forward stays 2:30: a wall-clock time, not an instant.
      expected_delivery_date: '2031-03-29',
      expected_delivery_time: '02:30',
      expected_delivery_datetime: '2031-03-29T02:30',
      expected_delivery_duration: 45,
      note: 'Zavolat předem.',
      ad_type: { id: adtypes[0]!.id, name: adtypes[0]!.name },
      version: order.version + 1,
    });
  });

  it('personal collection: no driver and no car; the whole form is sent, so what is left out is cleared', async () => {
    const order = await unscheduled();
    await intern(order.id, {
      expected_delivery_date: '2031-04-01',
      expected_delivery_time: '08:00',
      ad_type: adtypes[1],
    });
    const cleared = await technician.post(`/api/order/${order.id}/intern`, {
      payment_type: 'cash',
      expected_delivery_duration: 0,
      expected_delivery_date: '2031-04-01',
      expected_delivery_time: '08:00',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().item).toMatchObject({
      driver: null,
      car: null,
      ad_type: null,
      default_supplier: null,
    });
  });

  it('refuses bad input with 400 / 120 naming the fields', async () => {
    const order = await unscheduled();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ expected_delivery_date: undefined }, ['expected_delivery_date']],
      [
        { expected_delivery_date: '2031-02-30', expected_delivery_time: '25:00' },
        ['expected_delivery_date', 'expected_delivery_time'],
      ],
      [{ expected_delivery_duration: -1 }, ['expected_delivery_duration']],
      [{ payment_type: 'card' }, ['payment_type']],
      [{ payment_type: 'qr_transfer' }, ['supplier_id']],
      [{ driver_id: staff.warehouseman }, ['driver_id']],
      [{ car_id: trebicCars[0]!.id }, ['car_id']],
      [{ supplier_id: 999999 }, ['supplier_id']],
      [{ ad_type: 999999 }, ['ad_type']],
      [{ warehouse_id: trebic }, ['warehouse_id']],
    ];
    for (const [body, fields] of cases) {
      const response = await intern(order.id, {
        expected_delivery_date: '2031-04-02',
        expected_delivery_time: '08:00',
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error_code).toBe(ErrorCode.invalidInput);
      expect(response.json().fields).toEqual(fields);
    }
    expect((await technician.get(`/api/order/${order.id}`)).json().item.version).toBe(order.version);
  });

  it('a draft without customer or items answers 409; unknown 404; stale 409; a warehouseman 403', async () => {
    const { id } = (await technician.get('/api/order/add')).json();
    const slot = { expected_delivery_date: '2031-04-03', expected_delivery_time: '08:00' };
    expect((await intern(id, slot)).statusCode).toBe(409);
    expect((await intern(999999, slot)).statusCode).toBe(404);
    const order = await unscheduled();
    expect((await intern(order.id, { ...slot, version: order.version - 1 })).statusCode).toBe(409);
    expect(
      (await warehouseman.post(`/api/order/${order.id}/intern`, { payment_type: 'cash', ...slot }))
        .statusCode,
    ).toBe(403);
  });
});

describe('clashes ask for confirmation (409 / 141) and save nothing until confirmed', () => {
  it('the same driver: travel blocks count, touching spans do not', async () => {
    const first = await unscheduled(40); // 10:00 for 60 min, 40 min each way: 9:20–11:40
    expect(
      (await intern(first.id, { expected_delivery_date: '2031-05-05', expected_delivery_time: '10:00' }))
        .statusCode,
    ).toBe(200);
    const second = await unscheduled(40);
    const touching = await intern(second.id, {
      car_id: jihlavaCars[1]!.id,
      expected_delivery_date: '2031-05-05',
      expected_delivery_time: '12:20', // 11:40–14:00
    });
    expect(touching.statusCode).toBe(200);
    const third = await unscheduled(40);
    const clash = await intern(third.id, {
      car_id: jihlavaCars[1]!.id,
      expected_delivery_date: '2031-05-05',
      expected_delivery_time: '08:30', // 7:50–10:10: into the first order's travel block only
      version: third.version,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error_code: ErrorCode.overlapNeedsConfirmation,
      clashes: [
        {
          kind: 'driver',
          id: first.id,
          intern_id: first.intern_id,
          name: first.calendar_name,
          from: '2031-05-05T09:20',
          to: '2031-05-05T11:40',
        },
      ],
    });
    expect((await technician.get(`/api/order/${third.id}`)).json().item.expected_delivery_date).toBeNull();
    const confirmed = await intern(third.id, {
      car_id: jihlavaCars[1]!.id,
      expected_delivery_date: '2031-05-05',
      expected_delivery_time: '08:30',
      confirm_overlap: true,
      version: third.version,
    });
    expect(confirmed.statusCode).toBe(200);
  });

  it('the same car with another driver; a cancelled order no longer clashes', async () => {
    const first = await unscheduled(0);
    await intern(first.id, { expected_delivery_date: '2031-05-06', expected_delivery_time: '10:00' });
    const second = await unscheduled(0);
    const body = {
      driver_id: staff.driver,
      expected_delivery_date: '2031-05-06',
      expected_delivery_time: '10:30',
    };
    const clash = await intern(second.id, body);
    expect(clash.json().clashes).toEqual([expect.objectContaining({ kind: 'car', id: first.id })]);
    await dispatcher.delete(`/api/order/${first.id}/delete`);
    expect((await intern(second.id, body)).statusCode).toBe(200);
  });

  it("a driver's vacation and a closure of the warehouse", async () => {
    const vacation = await dispatcher.post('/api/user_vacation/add', {
      driver: staff.driver2,
      vacation_from: '2031-06-02',
      vacation_to: '2031-06-03',
    });
    expect(vacation.statusCode).toBe(201);
    const closure = await dispatcher.post('/api/warehouse_vacation/add', {
      warehouse: jihlava,
      vacation_from: '2031-06-03',
      vacation_to: '2031-06-03',
      from_time: '12:00',
      to_time: '18:00',
    });
    expect(closure.statusCode).toBe(201);
    const order = await unscheduled(30);
    const morning = await intern(order.id, {
      expected_delivery_date: '2031-06-03',
      expected_delivery_time: '09:00',
    });
    expect(morning.json().clashes).toEqual([
      {
        kind: 'driver_vacation',
        id: vacation.json().item.id,
        intern_id: null,
        name: 'Martin Kučera',
        from: '2031-06-03T00:00',
        to: '2031-06-04T00:00',
      },
    ]);
    const afternoon = await intern(order.id, {
      driver_id: staff.driver,
      expected_delivery_date: '2031-06-03',
      expected_delivery_time: '11:00', // 10:30–12:30 reaches into the closure
    });
    expect(afternoon.json().clashes).toEqual([
      {
        kind: 'warehouse_closure',
        id: closure.json().item.id,
        intern_id: null,
        name: 'Sklad Jihlava',
        from: '2031-06-03T12:00',
        to: '2031-06-03T18:00',
      },
    ]);
    const fine = await intern(order.id, {
      driver_id: staff.driver,
      expected_delivery_date: '2031-06-03',
      expected_delivery_time: '10:00',
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('the first intern save checks the stock again (domain.md §1.5 Short stock)', () => {
  it('a draft whose products others took meanwhile answers 409 / 144, then saves with a reason', async () => {
    const scarce = await makeProduct(owner, jihlava, { stock: 5 });
    // The draft asks for 4 of the 5 on hand: fine at its items step.
    const draft = await makeOrder(owner, {
      warehouseId: jihlava,
      customerId,
      lines: [{ id: scarce, amount: 4 }],
      intern: false,
      items: { confirm_short_stock: undefined, short_stock_reason: undefined },
    });
    // Meanwhile another order takes 3 of them (saved whole, it reserves them).
    await makeOrder(owner, { warehouseId: jihlava, customerId, lines: [{ id: scarce, amount: 3 }] });
    const body = {
      payment_type: 'cash',
      expected_delivery_date: '2031-03-03',
      expected_delivery_time: '10:00',
      expected_delivery_duration: 60,
      driver_id: null,
      version: draft.version,
    };
    const short = await owner.post(`/api/order/${draft.id}/intern`, body);
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({
      error_code: ErrorCode.stockShortNeedsConfirmation,
      short: [{ product_id: scarce, available: 2, asked: 4 }],
    });
    // Still a draft: nothing saved.
    expect((await owner.get(`/api/order/${draft.id}`)).json().item.draft).toBe(true);
    const noReason = await owner.post(`/api/order/${draft.id}/intern`, {
      ...body,
      confirm_short_stock: true,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toEqual(['short_stock_reason']);
    const saved = await owner.post(`/api/order/${draft.id}/intern`, {
      ...body,
      confirm_short_stock: true,
      short_stock_reason: 'Dovezeme z Třebíče',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.draft).toBe(false);
    const audit = (await owner.get(`/api/audit_log?entity=order&entity_id=${draft.id}&per_page=100`)).json()
      .items as { action: string; path: string; details: { reason?: string } }[];
    expect(
      audit.find((a) => a.action === 'short_stock_override' && a.path.endsWith('/intern'))?.details.reason,
    ).toBe('Dovezeme z Třebíče');
  });
});
