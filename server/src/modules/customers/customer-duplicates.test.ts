import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../../test/build.ts';

/** Decision 0025: a new customer like an existing one is offered "use the existing customer". */

let t: BuiltTestApp;
let technician: Client;
let existing: { id: number; intern_id: number };
let serial = 0;

/** A customer nobody else has: its own phone, e-mail, name and town unless overridden. */
const fresh = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    firstName: `Kvido${serial}`,
    lastName: 'Přibyslavský',
    phone: `777 00${String(serial).padStart(4, '0')}`,
    email: `kvido${serial}@example.cz`,
    address: 'Na Kopci 3, 588 21 Luka nad Jihlavou',
    town: `Luka nad Jihlavou ${serial}`,
    zip: '588 21',
    country: 'Česká republika',
    lat: 49.3737,
    lon: 15.7025,
    ...overrides,
  };
};
const original = fresh({ firstName: 'Kvído', phone: '777 123 987', email: 'Kvido.Pribyslavsky@Example.cz' });

const count = async () =>
  Number((await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from customers`))[0]?.n);

beforeAll(async () => {
  t = await buildTestApp();
  technician = await login(t.app, 'technician');
  const created = await technician.post('/api/customer/add', original);
  expect(created.statusCode, created.body).toBe(201);
  existing = created.json().item;
});
afterAll(() => t?.close());

const expectMatch = async (body: Record<string, unknown>, rule: string) => {
  const before = await count();
  const response = await technician.post('/api/customer/add', body);
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toMatchObject({ error_code: ErrorCode.customerMayExist });
  expect(response.json().customers).toEqual([
    {
      id: existing.id,
      intern_id: existing.intern_id,
      name: 'Kvído Přibyslavský',
      organization_name: '',
      town: original.town,
      whole_phone: '+420777123987',
      email: original.email,
      matched_by: [rule],
    },
  ]);
  expect(await count()).toBe(before);
};

describe('POST /api/customer/add refuses a likely duplicate', () => {
  it('the same phone: spaces and a Czech 420 written into the number ignored', async () => {
    await expectMatch(fresh({ phone: '777123987' }), 'phone');
    await expectMatch(fresh({ phone: '420 777 123 987' }), 'phone');
    await expectMatch(fresh({ phone: '00420777123987' }), 'phone');
  });

  it('the same e-mail, letter case ignored', async () => {
    await expectMatch(fresh({ email: 'kvido.PRIBYSLAVSKY@example.CZ' }), 'email');
  });

  it('the same name in the same town, accents and letter case ignored', async () => {
    await expectMatch(
      fresh({ firstName: 'KVIDO', lastName: 'pribyslavsky', town: original.town.toUpperCase() }),
      'name_town',
    );
  });

  it('names every rule that matched', async () => {
    const response = await technician.post('/api/customer/add', { ...original });
    expect(response.statusCode).toBe(409);
    expect(response.json().customers[0].matched_by).toEqual(['phone', 'email', 'name_town']);
  });

  it('no match: the same name in another town, the same digits under another country prefix', async () => {
    const otherTown = await technician.post(
      '/api/customer/add',
      fresh({ firstName: original.firstName, lastName: original.lastName }),
    );
    expect(otherTown.statusCode, otherTown.body).toBe(201);
    const slovak = await technician.post(
      '/api/customer/add',
      fresh({ phonePrefix: '+421', phone: original.phone }),
    );
    expect(slovak.statusCode, slovak.body).toBe(201);
  });

  it('allow_duplicate creates it anyway', async () => {
    const before = await count();
    const forced = await technician.post('/api/customer/add', { ...original, allow_duplicate: true });
    expect(forced.statusCode).toBe(201);
    expect(forced.json().item.id).not.toBe(existing.id);
    expect(await count()).toBe(before + 1);
  });

  it('of eight identical creations at once, one is created and the others find it', async () => {
    const twin = fresh();
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => technician.post('/api/customer/add', twin)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    const created = answers.find((a) => a.statusCode === 201)!.json().item.id;
    expect(
      answers
        .find((a) => a.statusCode === 409)!
        .json()
        .customers.map((c: { id: number }) => c.id),
    ).toEqual([created]);
    expect(await count()).toBe(before + 1);
  });

  it('editing a customer is not checked: the record exists already', async () => {
    const other = (await technician.post('/api/customer/add', fresh())).json().item;
    const edited = await technician.put(`/api/customer/${other.id}/edit`, {
      first_name: other.first_name,
      last_name: other.last_name,
      pre_phone: '+420',
      phone: original.phone,
      email: original.email,
      final_address: other.address.full_address,
      town: other.address.town,
      zip: other.address.zip_code,
      country: other.address.country,
      lat: other.address.gps_lat,
      lon: other.address.gps_lon,
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('POST /order/{id}/customer: step 1 creates through the same check', () => {
  it('refuses a duplicate with the matches and leaves the order as it was; allow_duplicate creates', async () => {
    const id = (await technician.get('/api/order/add')).json().id as number;
    const refused = await technician.post(`/api/order/${id}/customer`, fresh({ email: original.email }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe(ErrorCode.customerMayExist);
    // The original and the customers the tests above gave its e-mail.
    expect(refused.json().customers.map((c: { id: number }) => c.id)).toContain(existing.id);
    expect((await technician.get(`/api/order/${id}`)).json().item.customer).toBeNull();

    const picked = await technician.post(`/api/order/${id}/customer`, { id_found: existing.id });
    expect(picked.json().item.customer.id).toBe(existing.id);
    const forced = await technician.post(`/api/order/${id}/customer`, {
      ...fresh({ email: original.email }),
      allow_duplicate: true,
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().item.customer.id).not.toBe(existing.id);
  });
});
