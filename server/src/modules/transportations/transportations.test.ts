import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import { defaultPermissionMatrix } from '@letokruh/contracts/permissions';
import type { Transportation, TransportationData } from '@letokruh/contracts/transportations';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index.ts';
import { demoTransportReferences } from '../../db/seed/transportations.ts';
import { type BuiltTestApp, buildTestApp, type Client, login, type TestApp } from '../../test/build.ts';

let t: BuiltTestApp;
let app: TestApp;
let owner: Client;
type LoggedIn = Awaited<ReturnType<typeof login>>;
let dispatcher: LoggedIn;
let driver: LoggedIn;
let warehouseman: Client;
let data: TransportationData;
let driverId: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  owner = await login(app, 'owner');
  dispatcher = await login(app, 'dispatcher');
  driver = await login(app, 'driver');
  warehouseman = await login(app, 'warehouseman');
  data = (await dispatcher.get('/api/transportations/data')).json();
  driverId = driver.user.id;
});
afterAll(() => t?.close());

const idOf = (list: { id: number; name: string }[], name: string) => {
  const found = list.find((e) => e.name === name);
  if (!found) throw new Error(`no ${name} in ${list.map((e) => e.name).join(', ')}`);
  return found.id;
};

const payload = (overrides: Record<string, unknown> = {}) => ({
  transportType: { transportType: 'Standardní', choice: null, differentChoice: '' },
  date: '2026-03-12',
  driver: driverId,
  cmrOrWagon: [{ cmrOrWagon: 'CMR 2419001', amount: 24.5 }],
  loadingUnloading: [{ loading: 'Polesí Hodice, odd. 412', unloading: 'Pila Brtnice, manipulační sklad' }],
  spz: idOf(data.licence_plates, '1J2 3456'),
  recipient: idOf(data.recipients, 'Lesy Vysočina a.s.'),
  subscriber: idOf(data.subscribers, 'Pila Štoky s.r.o.'),
  sortiment: idOf(data.wood_types, 'Smrková kulatina'),
  ...overrides,
});

const haulCount = async () => (await t.db.select({ n: count() }).from(s.transportations))[0]?.n ?? 0;
const add = async (client: Client, body: object) => client.post('/api/transportation/add', body);
const added = async (body: object = payload()): Promise<Transportation> => {
  const response = await add(dispatcher, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().item;
};
const expectError = (
  response: { statusCode: number; json(): unknown },
  status: number,
  code: number,
  fields?: string[],
) => {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error_code: number; fields?: string[] };
  expect(body.error_code).toBe(code);
  if (fields) expect(body.fields).toEqual(expect.arrayContaining(fields));
};

describe('GET /api/transportations/data and the list', () => {
  it('answers the demo reference lists, sorted as Czech sorts them', async () => {
    expect(data.wood_types.map((w) => w.name)).toEqual(
      [...demoTransportReferences.woodTypes].sort((a, b) => a.localeCompare(b, 'cs')),
    );
    expect(data.recipients).toHaveLength(demoTransportReferences.recipients.length);
    expect(data.subscribers.map((e) => e.name)).toContain('Dřevozpracující družstvo Lukavec');
    expect(data.licence_plates.map((e) => e.name)).toContain('1J2 3456');
    // A driver adds hauls, so the form's pickers are theirs too.
    expect((await driver.get('/api/transportations/data')).statusCode).toBe(200);
    expectError(await warehouseman.get('/api/transportations/data'), 403, ErrorCode.accessDenied);
  });

  it('pages the demo hauls newest first with their total; needs view_transportation', async () => {
    const first = (await driver.get('/api/transportations?current_page=1&per_page=10')).json();
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(20);
    const all = (await driver.get('/api/transportations?per_page=1000')).json();
    expect(all.items).toHaveLength(all.total);
    const days = all.items.map((i: { date: string }) => i.date.split('.').reverse().join('-'));
    const iso = days.map((d: string) => d.replace(/-(\d)(?=-|$)/g, '-0$1'));
    expect(iso).toEqual([...iso].sort().reverse());
    expect(first.items[0]).toMatchObject({
      id: expect.any(Number),
      date: expect.stringMatching(/^\d{1,2}\.\d{1,2}\.\d{4}$/),
      subscriber: { id: expect.any(Number), name: expect.any(String) },
    });
    const second = (await driver.get('/api/transportations?current_page=2&per_page=10')).json();
    expect(second.items[0].id).toBe(all.items[10].id);
    expectError(await driver.get('/api/transportations?per_page=7'), 400, ErrorCode.invalidInput);
    expectError(await warehouseman.get('/api/transportations'), 403, ErrorCode.accessDenied);
  });
});

describe('POST /api/transportation/add', () => {
  it('records a bezrukaceTransport with two CMR rows, two place pairs and a new subscriber and plate', async () => {
    const before = await haulCount();
    const response = await add(
      driver,
      payload({
        transportType: {
          transportType: 'bezrukaceTransport',
          choice: 'other',
          differentChoice: ' Harvestory Kadlec ',
        },
        date: '14.3.2026',
        cmrOrWagon: [
          { cmrOrWagon: 'CMR 1001', amount: 22.4 },
          { cmrOrWagon: 'CMR 1002', amount: 0 },
          { cmrOrWagon: '', amount: null },
        ],
        loadingUnloading: [
          { loading: 'Radešín', unloading: 'Lukavec' },
          { loading: 'Mrákotín', unloading: '' },
        ],
        subscriber: 'Pila  Kamenice nad Lipou',
        spz: '5J1 2233',
        recipient: null,
        sortiment: null,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const item: Transportation = response.json().item;
    expect(item).toMatchObject({
      date: '14.3.2026',
      load_type: { name: 'bezrukaceTransport', choice: 'Harvestory Kadlec' },
      driver: { id: driverId, name: 'Josef Černý' },
      cmr_wagon_number: [
        { cmr_or_wagon_number: 'CMR 1001', amount: 22.4 },
        { cmr_or_wagon_number: 'CMR 1002', amount: 0 },
      ],
      license_plate: { name: '5J1 2233' },
      load_location: [{ name: 'Radešín' }, { name: 'Mrákotín' }],
      unload_location: [{ name: 'Lukavec' }],
      recipient: null,
      subscriber: { name: 'Pila Kamenice nad Lipou' },
      wood_type: null,
      files: [],
      version: 1,
    });
    expect(await haulCount()).toBe(before + 1);
    const read = await driver.get(`/api/transportation/${item.id}`);
    expect(read.json().item).toEqual(item);
    const after: TransportationData = (await driver.get('/api/transportations/data')).json();
    expect(after.subscribers.filter((e) => e.name === 'Pila Kamenice nad Lipou')).toHaveLength(1);
    expect(after.licence_plates.map((e) => e.name)).toContain('5J1 2233');
  });

  it('reuses an entry typed again in other letter case and spacing instead of adding another', async () => {
    const first = await added(payload({ subscriber: 'Česká dřevařská, s.r.o.' }));
    const again = await added(payload({ subscriber: '  ČESKÁ  dřevařská,s.r.o. ', spz: '1j23456' }));
    expect(again.subscriber).toEqual(first.subscriber);
    expect(again.license_plate).toEqual({ id: idOf(data.licence_plates, '1J2 3456'), name: '1J2 3456' });
    const after: TransportationData = (await dispatcher.get('/api/transportations/data')).json();
    expect(after.subscribers.filter((e) => e.name.toLowerCase().startsWith('česká dřevařská'))).toHaveLength(
      1,
    );
    expect(after.licence_plates).toHaveLength(data.licence_plates.length + 1); // only 5J1 2233 above
  });

  it('takes a standard haul with the ISO day; who loaded is dropped for it', async () => {
    const item = await added(
      payload({ transportType: { transportType: 'Standardní', choice: 'LesProfi', differentChoice: 'x' } }),
    );
    expect(item.date).toBe('12.3.2026');
    expect(item.load_type).toEqual({ name: 'Standardní', choice: null });
    expect(item.cmr_wagon_number).toHaveLength(1);
  });

  it('refuses a missing subscriber, date or plate with 400 naming them, and writes nothing', async () => {
    const before = await haulCount();
    const body = payload();
    const { subscriber: _s, date: _d, spz: _p, ...rest } = body;
    expectError(await add(dispatcher, rest), 400, ErrorCode.invalidInput, ['subscriber', 'date', 'spz']);
    expectError(await add(dispatcher, payload({ subscriber: '  ' })), 400, ErrorCode.invalidInput, [
      'subscriber',
    ]);
    expectError(await add(dispatcher, payload({ date: '' })), 400, ErrorCode.invalidInput, ['date']);
    expect(await haulCount()).toBe(before);
  });

  it('refuses bad values: a day that does not exist, a negative amount, who loaded missing or its text', async () => {
    const before = await haulCount();
    expectError(await add(dispatcher, payload({ date: '31.2.2026' })), 400, ErrorCode.invalidInput, ['date']);
    expectError(
      await add(dispatcher, payload({ cmrOrWagon: [{ cmrOrWagon: 'CMR 1', amount: -1 }] })),
      400,
      ErrorCode.invalidInput,
      ['cmrOrWagon.0.amount'],
    );
    expectError(
      await add(dispatcher, payload({ cmrOrWagon: [{ cmrOrWagon: '', amount: 12 }] })),
      400,
      ErrorCode.invalidInput,
      ['cmrOrWagon.0.cmrOrWagon'],
    );
    expectError(
      await add(
        dispatcher,
        payload({ transportType: { transportType: 'bezrukaceTransport', choice: null } }),
      ),
      400,
      ErrorCode.invalidInput,
      ['transportType.choice'],
    );
    expectError(
      await add(
        dispatcher,
        payload({
          transportType: { transportType: 'bezrukaceTransport', choice: 'other', differentChoice: ' ' },
        }),
      ),
      400,
      ErrorCode.invalidInput,
      ['transportType.differentChoice'],
    );
    expectError(
      await add(dispatcher, payload({ transportType: { transportType: 'Kamion' } })),
      400,
      ErrorCode.invalidInput,
    );
    expect(await haulCount()).toBe(before);
  });

  it('refuses unknown references and a driver who is not one, rolling back a new entry typed with them', async () => {
    const before = await haulCount();
    const refused = await add(dispatcher, payload({ subscriber: 'Pila Nikdy nevznikla', sortiment: 999999 }));
    expectError(refused, 400, ErrorCode.invalidInput, ['sortiment']);
    const after: TransportationData = (await dispatcher.get('/api/transportations/data')).json();
    expect(after.subscribers.map((e) => e.name)).not.toContain('Pila Nikdy nevznikla');
    expectError(await add(dispatcher, payload({ recipient: 999999 })), 400, ErrorCode.invalidInput, [
      'recipient',
    ]);
    expectError(await add(dispatcher, payload({ spz: 999999 })), 400, ErrorCode.invalidInput, ['spz']);
    expectError(await add(dispatcher, payload({ subscriber: 999999 })), 400, ErrorCode.invalidInput, [
      'subscriber',
    ]);
    expectError(await add(dispatcher, payload({ driver: dispatcher.user.id })), 400, ErrorCode.invalidInput, [
      'driver',
    ]);
    expect(await haulCount()).toBe(before);
  });

  it('needs add_transportation', async () => {
    expectError(await add(warehouseman, payload()), 403, ErrorCode.accessDenied);
  });
});

describe('PUT /api/transportation/{id}/edit', () => {
  it('saves a new version for a dispatcher; a stale version answers 409 and changes nothing', async () => {
    const item = await added();
    const edited = await dispatcher.put(
      `/api/transportation/${item.id}/edit`,
      payload({
        date: '2026-03-13',
        driver: null,
        cmrOrWagon: [{ cmrOrWagon: 'VAGON 31 54 5399 120-4', amount: 61 }],
        loadingUnloading: [
          { loading: '', unloading: 'Nádraží Havlíčkův Brod' },
          { loading: 'Štoky', unloading: '' },
        ],
        subscriber: idOf(data.subscribers, 'Pila Brtnice s.r.o.'),
        version: item.version,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().item).toMatchObject({
      id: item.id,
      date: '13.3.2026',
      driver: null,
      cmr_wagon_number: [{ cmr_or_wagon_number: 'VAGON 31 54 5399 120-4', amount: 61 }],
      load_location: [{ name: 'Štoky' }],
      unload_location: [{ name: 'Nádraží Havlíčkův Brod' }],
      subscriber: { name: 'Pila Brtnice s.r.o.' },
      version: item.version + 1,
    });

    const stale = await dispatcher.put(
      `/api/transportation/${item.id}/edit`,
      payload({ date: '2026-01-01', version: item.version }),
    );
    expectError(stale, 409, ErrorCode.conflict);
    expect((await dispatcher.get(`/api/transportation/${item.id}`)).json().item.date).toBe('13.3.2026');
    // The owner may correct it too.
    const byOwner = await owner.put(
      `/api/transportation/${item.id}/edit`,
      payload({ version: item.version + 1 }),
    );
    expect(byOwner.statusCode).toBe(200);
  });

  it('keeps a driver who is no longer active on the haul they drove', async () => {
    const item = await added();
    await t.db.update(s.users).set({ isActive: false }).where(eqId(driverId));
    try {
      const kept = await dispatcher.put(
        `/api/transportation/${item.id}/edit`,
        payload({ date: '2026-03-20' }),
      );
      expect(kept.statusCode, kept.body).toBe(200);
      expectError(await add(dispatcher, payload()), 400, ErrorCode.invalidInput, ['driver']);
    } finally {
      await t.db.update(s.users).set({ isActive: true }).where(eqId(driverId));
    }
  });

  it('is for an owner or dispatcher holding change_transportation, even when another function is given it', async () => {
    const item = await added();
    expectError(
      await driver.put(`/api/transportation/${item.id}/edit`, payload()),
      403,
      ErrorCode.accessDenied,
    );
    const given = await owner.put('/api/permissions', {
      name: 'warehouseman',
      permissions: [
        ...defaultPermissionMatrix.warehouseman,
        'view_transportation',
        'change_transportation',
        'delete_transportation',
      ],
    });
    expect(given.statusCode).toBe(200);
    try {
      expectError(
        await warehouseman.put(`/api/transportation/${item.id}/edit`, payload()),
        403,
        ErrorCode.accessDenied,
      );
      expectError(
        await warehouseman.delete(`/api/transportation/${item.id}/delete`),
        403,
        ErrorCode.accessDenied,
      );
    } finally {
      await owner.put('/api/permissions', {
        name: 'warehouseman',
        permissions: [...defaultPermissionMatrix.warehouseman],
      });
    }
    expect((await dispatcher.get(`/api/transportation/${item.id}`)).json().item.version).toBe(1);
  });

  it('answers 404 for an unknown haul and 400 for bad input, writing nothing', async () => {
    expectError(await dispatcher.put('/api/transportation/999999/edit', payload()), 404, ErrorCode.notFound);
    expectError(await dispatcher.get('/api/transportation/999999'), 404, ErrorCode.notFound);
    expectError(await dispatcher.delete('/api/transportation/999999/delete'), 404, ErrorCode.notFound);
    const item = await added();
    expectError(
      await dispatcher.put(`/api/transportation/${item.id}/edit`, payload({ spz: '' })),
      400,
      ErrorCode.invalidInput,
      ['spz'],
    );
    expect((await dispatcher.get(`/api/transportation/${item.id}`)).json().item).toEqual(item);
  });
});

async function form(fields: Record<string, string>, file?: { data: string; name: string; type: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append('file', new Blob([file.data], { type: file.type }), file.name);
  const encoded = new Response(body);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
const upload = async (
  client: Client,
  id: number,
  fields: Record<string, string>,
  name = 'dodaci-list.pdf',
) => {
  const body = await form(fields, { data: '%PDF-1.4 dodací list', name, type: 'application/pdf' });
  return client.post(`/api/transportation/${id}/files/add`, body.payload, { headers: body.headers });
};

describe('transportation files and delete', () => {
  it('a driver attaches a delivery note and removes their own file, not a dispatcher’s', async () => {
    const item = await added();
    expectError(
      await upload(driver, item.id, { title: 'Faktura', file_type: 'Faktura' }),
      400,
      ErrorCode.invalidInput,
    );
    const mine = await upload(driver, item.id, { title: 'Dodací list 17', file_type: 'Dodací list' });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = (
      await upload(dispatcher, item.id, { title: 'Vážní lístek', file_type: 'Jiné' }, 'vaha.pdf')
    ).json().item;
    const read = (await driver.get(`/api/transportation/${item.id}`)).json().item;
    expect(read.files.map((f: { title: string }) => f.title)).toEqual(['Dodací list 17', 'Vážní lístek']);

    const download = await driver.get(`/api/transportation/${item.id}/files/${theirs.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.4 dodací list');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''vaha.pdf");
    expectError(
      await warehouseman.get(`/api/transportation/${item.id}/files/${theirs.id}/download`),
      403,
      ErrorCode.accessDenied,
    );

    expectError(
      await driver.delete(`/api/transportation/${item.id}/files/${theirs.id}/delete`),
      403,
      ErrorCode.accessDenied,
    );
    expect(
      (await driver.delete(`/api/transportation/${item.id}/files/${mine.json().item.id}/delete`)).statusCode,
    ).toBe(200);
    expect(
      (await dispatcher.delete(`/api/transportation/${item.id}/files/${theirs.id}/delete`)).statusCode,
    ).toBe(200);
    expect((await driver.get(`/api/transportation/${item.id}`)).json().item.files).toEqual([]);
    expectError(await upload(driver, 999999, { title: 'x', file_type: 'Jiné' }), 404, ErrorCode.notFound);
  });

  it('deletes a haul with its lines and files for a dispatcher only', async () => {
    const item = await added();
    const file = (
      await upload(dispatcher, item.id, { title: 'Dodací list', file_type: 'Dodací list' })
    ).json().item;
    const [row] = await t.db.select().from(s.files).where(eq(s.files.id, file.id));
    const stored = [row?.storageKey];
    expect(await fs.readdir(path.join(t.dataDir, 'files', 'transportations'))).toContain(
      path.basename(stored[0] ?? 'missing'),
    );
    expectError(await driver.delete(`/api/transportation/${item.id}/delete`), 403, ErrorCode.accessDenied);
    const before = await haulCount();
    const gone = await dispatcher.delete(`/api/transportation/${item.id}/delete`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ ok: true });
    expect(await haulCount()).toBe(before - 1);
    expectError(await dispatcher.get(`/api/transportation/${item.id}`), 404, ErrorCode.notFound);
    expectError(
      await dispatcher.get(`/api/transportation/${item.id}/files/${file.id}/download`),
      404,
      ErrorCode.notFound,
    );
    const fileRows = await t.db.select().from(s.files).where(eq(s.files.ownerId, item.id));
    expect(fileRows.filter((f) => f.ownerType === 'transportation')).toEqual([]);
    const lines = await t.db
      .select()
      .from(s.transportationCmrs)
      .where(eq(s.transportationCmrs.transportationId, item.id));
    expect(lines).toEqual([]);
    expect(await fs.readdir(path.join(t.dataDir, 'files', 'transportations'))).not.toContain(
      path.basename(stored[0] ?? ''),
    );
  });
});

const eqId = (id: number) => eq(s.users.id, id);
