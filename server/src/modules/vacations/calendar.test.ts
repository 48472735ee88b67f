import { ErrorCode } from '@letokruh/contracts/errors';
import { driverColor } from '@letokruh/contracts/vacations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonymous,
  type BuiltTestApp,
  buildTestApp,
  type Client,
  login,
  type TestApp,
} from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let dispatcher: Client;
let jihlava: number;
let trebic: number;
let driver2: number;

// A week of the calendar in 2027, away from the demo's vacations around today.
const week = [
  '2027-03-01',
  '2027-03-02',
  '2027-03-03',
  '2027-03-04',
  '2027-03-05',
  '2027-03-06',
  '2027-03-07',
];
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  dispatcher = await login(app, 'dispatcher');
  const warehouses = (await dispatcher.get('/api/warehouses')).json().items as { id: number; name: string }[];
  jihlava = warehouses.find((w) => w.name === 'Sklad Jihlava')!.id;
  trebic = warehouses.find((w) => w.name === 'Sklad Třebíč')!.id;
  const drivers = (await dispatcher.get('/api/drivers')).json().items as { id: number; username: string }[];
  driver2 = drivers.find((d) => d.username === 'driver2')!.id;
  const add = async (key: string, url: string, body: object) => {
    const response = await dispatcher.post(url, body);
    if (response.statusCode !== 201) throw new Error(response.body);
    ids[key] = response.json().item.id;
  };
  // Jihlava: Tuesday noon to Thursday 9:30; Třebíč: Friday afternoon; the weekend before Jihlava.
  await add('jihlava', '/api/warehouse_vacation/add', {
    warehouse: jihlava,
    vacation_from: '2027-03-02',
    vacation_to: '2027-03-04',
    from_time: '12:00',
    to_time: '09:30',
  });
  await add('trebic', '/api/warehouse_vacation/add', {
    warehouse: trebic,
    vacation_from: '2027-03-05',
    vacation_to: '2027-03-05',
    from_time: '13:00',
    to_time: '17:00',
  });
  await add('before', '/api/warehouse_vacation/add', {
    warehouse: jihlava,
    vacation_from: '2027-02-27',
    vacation_to: '2027-02-28',
  });
  await add('driver2', '/api/user_vacation/add', {
    driver: driver2,
    vacation_from: '2027-02-25',
    vacation_to: '2027-03-02',
  });
});
afterAll(() => t?.close());

describe('GET /api/api/get-vacations', () => {
  it('answers one entry per day a closure touches, with its starting hour and minutes', async () => {
    const response = await dispatcher.get(
      `/api/api/get-vacations?warehouses=${jihlava}&warehouses=${trebic}&${week.map((d) => `dates=${d}`).join('&')}`,
    );
    expect(response.statusCode).toBe(200);
    const jihlavaWarehouse = { id: jihlava, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#000000' };
    expect(response.json().data).toEqual([
      { id: ids.jihlava, date: '2027-03-02', from_time: '12:00', duration: 720, warehouse: jihlavaWarehouse },
      {
        id: ids.jihlava,
        date: '2027-03-03',
        from_time: '00:00',
        duration: 1440,
        warehouse: jihlavaWarehouse,
      },
      { id: ids.jihlava, date: '2027-03-04', from_time: '00:00', duration: 570, warehouse: jihlavaWarehouse },
      {
        id: ids.trebic,
        date: '2027-03-05',
        from_time: '13:00',
        duration: 240,
        warehouse: expect.objectContaining({ id: trebic, name: 'Sklad Třebíč' }),
      },
    ]);
  });

  it('takes the lists comma-separated too, and only the asked warehouses and days', async () => {
    const response = await dispatcher.get(
      `/api/api/get-vacations?warehouses=${trebic}&dates=2027-03-04,2027-03-05`,
    );
    expect(response.json().data.map((d: { id: number; date: string }) => [d.id, d.date])).toEqual([
      [ids.trebic, '2027-03-05'],
    ]);
    const nothing = await dispatcher.get(`/api/api/get-vacations?dates=${week.join(',')}`);
    expect(nothing.json()).toEqual({ data: [] });
  });

  it('leaves deactivated closures out', async () => {
    const extra = await dispatcher.post('/api/warehouse_vacation/add', {
      warehouse: trebic,
      vacation_from: '2027-03-07',
      vacation_to: '2027-03-07',
    });
    const url = `/api/api/get-vacations?warehouses=${trebic}&dates=2027-03-07`;
    expect((await dispatcher.get(url)).json().data).toHaveLength(1);
    await dispatcher.delete(`/api/vacation_warehouse/${extra.json().item.id}/delete`);
    expect((await dispatcher.get(url)).json().data).toEqual([]);
  });

  it('is for every logged-in user (the calendar is), never for a caller without a session', async () => {
    const driver = await login(app, 'driver');
    const response = await driver.get(`/api/api/get-vacations?warehouses=${jihlava}&dates=2027-03-03`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(1);
    const nobody = await anonymous(app);
    const refused = await nobody.get(`/api/api/get-vacations?warehouses=${jihlava}&dates=2027-03-03`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error_code).toBe(ErrorCode.notLoggedIn);
  });

  it('refuses a day that is not YYYY-MM-DD, a bad warehouse id and more than 62 days', async () => {
    const badDay = await dispatcher.get(`/api/api/get-vacations?warehouses=${jihlava}&dates=3.3.2027`);
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json()).toMatchObject({ error_code: ErrorCode.invalidInput });
    expect(badDay.json().fields[0]).toMatch(/^dates/);
    const badId = await dispatcher.get('/api/api/get-vacations?warehouses=abc&dates=2027-03-03');
    expect(badId.statusCode).toBe(400);
    const many = Array.from({ length: 63 }, (_, i) => `2027-01-${String((i % 28) + 1).padStart(2, '0')}`);
    const tooMany = await dispatcher.get(
      `/api/api/get-vacations?warehouses=${jihlava}&dates=${many.join(',')}`,
    );
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('GET /api/api/get-drivers-vacations', () => {
  it("answers one entry per day of a driver's vacation, with the driver's name and colour", async () => {
    const driver = await login(app, 'driver');
    const response = await driver.get(
      `/api/api/get-drivers-vacations?${week.map((d) => `dates=${d}`).join('&')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(
      ['2027-03-01', '2027-03-02'].map((date) => ({
        id: ids.driver2,
        date,
        name: 'Martin Kučera',
        hex_color: driverColor(driver2),
        user_id: driver2,
      })),
    );
  });

  it('answers nothing for no days and refuses a day that does not exist', async () => {
    expect((await dispatcher.get('/api/api/get-drivers-vacations')).json()).toEqual({ data: [] });
    const bad = await dispatcher.get('/api/api/get-drivers-vacations?dates=2027-02-29');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe(ErrorCode.invalidInput);
  });
});
