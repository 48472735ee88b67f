import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, client, login } from '../../test/build.ts';
import { toSuggestion } from './maps.provider.ts';

/** A Mapy.cz look-alike on loopback: the tests never reach the internet. */
const seen: URL[] = [];
const seenKeys: string[] = [];
let failNext = false;
const fake = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  seen.push(url);
  seenKeys.push(String(request.headers['x-mapy-api-key']));
  if (failNext) {
    failNext = false;
    response.writeHead(500).end();
    return;
  }
  const items = Array.from({ length: 7 }, (_, i) => ({
    name: `Lipová ${i + 1}`,
    label: 'Adresa',
    location: 'Polná, Česko',
    zip: '588 13',
    type: 'regional.address',
    position: { lon: 15.7201 + i / 1000, lat: 49.4875 },
    regionalStructure: [
      { name: `Lipová ${i + 1}`, type: 'regional.address' },
      { name: 'Lipová', type: 'regional.street' },
      { name: 'Polná', type: 'regional.municipality' },
      { name: 'Česko', type: 'regional.country', isoCode: 'CZ' },
    ],
  }));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items }));
});

let withKey: BuiltTestApp;
let withoutKey: BuiltTestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  withKey = await buildTestApp({ MAPS_API_KEY: 'test-key', MAPS_API_URL: `http://127.0.0.1:${port}` });
  withoutKey = await buildTestApp();
});
afterAll(async () => {
  await withKey?.close();
  await withoutKey?.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('GET /api/address_suggestions', () => {
  it('asks the provider for 5 Czech addresses and answers them split into the form fields', async () => {
    const technician = await login(withKey.app, 'technician');
    const response = await technician.get(
      `/api/address_suggestions?query=${encodeURIComponent('Lipová Polná')}`,
    );
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toHaveLength(5);
    expect(items[0]).toEqual({
      label: 'Lipová 1, Polná, Česko',
      address: 'Lipová 1, 588 13 Polná',
      town: 'Polná',
      zip: '588 13',
      country: 'Česká republika',
      lat: 49.4875,
      lon: 15.7201,
    });
    const asked = seen.at(-1)!;
    expect(asked.pathname).toBe('/v1/suggest');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      query: 'Lipová Polná',
      lang: 'cs',
      limit: '5',
    });
    expect(seenKeys.at(-1)).toBe('test-key');
  });

  it('a failing provider leaves the form to typed coordinates: an empty list, not an error', async () => {
    const technician = await login(withKey.app, 'technician');
    failNext = true;
    const response = await technician.get('/api/address_suggestions?query=Polná');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [] });
  });

  it('without a key answers no suggestions and the public config says so', async () => {
    const asked = seen.length;
    const technician = await login(withoutKey.app, 'technician');
    const response = await technician.get('/api/address_suggestions?query=Polná');
    expect(response.json()).toEqual({ items: [] });
    expect(seen).toHaveLength(asked);
    expect((await client(withoutKey.app).get('/api/config')).json().address_suggestions).toBe(false);
    expect((await client(withKey.app).get('/api/config')).json().address_suggestions).toBe(true);
  });

  it('refuses a one-letter query (400), a driver (403) and anyone signed out (401)', async () => {
    const technician = await login(withKey.app, 'technician');
    expect((await technician.get('/api/address_suggestions?query=L')).statusCode).toBe(400);
    const driver = await login(withKey.app, 'driver');
    expect((await driver.get('/api/address_suggestions?query=Lipová')).statusCode).toBe(403);
    expect((await client(withKey.app).get('/api/address_suggestions?query=Lipová')).statusCode).toBe(401);
  });
});

describe('toSuggestion', () => {
  it('keeps a municipality without a street as it is, and skips items without a position', () => {
    expect(
      toSuggestion({
        name: 'Polná',
        location: 'Okres Jihlava, Česko',
        zip: '588 13',
        position: { lat: 49.48, lon: 15.71 },
        regionalStructure: [
          { name: 'Polná', type: 'regional.municipality' },
          { name: 'Slovensko', type: 'regional.country', isoCode: 'SK' },
        ],
      }),
    ).toMatchObject({ address: 'Polná, 588 13', town: 'Polná', country: 'Slovensko' });
    expect(toSuggestion({ name: 'Nikde' })).toBeNull();
  });
});
