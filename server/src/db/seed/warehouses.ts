import { textColorFor } from '@letokruh/contracts/warehouses';
import { count, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';
import { createUser, type UserSeed } from './users.ts';

/** Extra drivers and warehousemen so that each warehouse has its own staff (password "demo"). */
export const extraStaff: (UserSeed & { username: string })[] = [
  {
    username: 'driver2',
    first_name: 'Martin',
    last_name: 'Kučera',
    functions: ['driver'],
    phone: '604100200',
  },
  {
    username: 'driver3',
    first_name: 'Lukáš',
    last_name: 'Veselý',
    functions: ['driver'],
    phone: '604300400',
  },
  { username: 'warehouseman2', first_name: 'Pavel', last_name: 'Horák', functions: ['warehouseman'] },
  { username: 'warehouseman3', first_name: 'Jiří', last_name: 'Marek', functions: ['warehouseman'] },
];

type WarehouseSeed = {
  name: string;
  fullAddress: string;
  town: string;
  zipCode: string;
  gpsLat: number;
  gpsLon: number;
  color: string;
  drivers: string[];
  warehousemen: string[];
  cars: [string, string][];
};

/** Three yards on the Vysočina around real towns, with real street names and coordinates. */
export const demoWarehouses: WarehouseSeed[] = [
  {
    name: 'Sklad Jihlava',
    fullAddress: 'Pávovská 4760/18, 586 01 Jihlava',
    town: 'Jihlava',
    zipCode: '586 01',
    gpsLat: 49.414206,
    gpsLon: 15.571128,
    color: '#2f9e44',
    drivers: ['driver', 'driver2'],
    warehousemen: ['warehouseman'],
    cars: [
      ['Tatra 815 (1J2 4521)', '#2b8a3e'],
      ['Avia D120 (1J7 3309)', '#74b816'],
    ],
  },
  {
    name: 'Sklad Havlíčkův Brod',
    fullAddress: 'Průmyslová 2146, 580 01 Havlíčkův Brod',
    town: 'Havlíčkův Brod',
    zipCode: '580 01',
    gpsLat: 49.616732,
    gpsLon: 15.588954,
    color: '#1971c2',
    drivers: ['driver3'],
    warehousemen: ['warehouseman2'],
    cars: [
      ['MAN TGM (4J1 8862)', '#1864ab'],
      ['Iveco Daily (4J5 1207)', '#4dabf7'],
    ],
  },
  {
    name: 'Sklad Třebíč',
    fullAddress: 'Brněnská 1025, 674 01 Třebíč',
    town: 'Třebíč',
    zipCode: '674 01',
    gpsLat: 49.208917,
    gpsLon: 15.898876,
    color: '#e8590c',
    drivers: ['driver', 'driver3'],
    warehousemen: ['warehouseman', 'warehouseman3'],
    cars: [
      ['Scania P280 (7J3 5540)', '#d9480f'],
      ['Renault Master (7J9 0671)', '#ffa94d'],
    ],
  },
];

async function ensureUsers(db: DbOrTx, seeds: (UserSeed & { username: string })[]): Promise<void> {
  const names = seeds.map((u) => u.username);
  const existing = await db
    .select({ username: s.users.username })
    .from(s.users)
    .where(inArray(sql`lower(${s.users.username})`, names));
  const have = new Set(existing.map((u) => u.username.toLowerCase()));
  for (const user of seeds) {
    if (!have.has(user.username)) await createUser(db, { ...user, email: `${user.username}@letokruh.cz` });
  }
}

/** Warehouses with cars and staff; skipped when any warehouse exists (safe to run again). */
export async function seedWarehouses(db: DbOrTx): Promise<void> {
  await ensureUsers(db, extraStaff);
  const [existing] = await db.select({ n: count() }).from(s.warehouses);
  if ((existing?.n ?? 0) > 0) return;
  const userIds = new Map(
    (await db.select({ id: s.users.id, username: s.users.username }).from(s.users)).map((u) => [
      u.username.toLowerCase(),
      u.id,
    ]),
  );
  for (const w of demoWarehouses) {
    const [row] = await db
      .insert(s.warehouses)
      .values({
        name: w.name,
        fullAddress: w.fullAddress,
        town: w.town,
        zipCode: w.zipCode,
        country: 'Česká republika',
        gpsLat: w.gpsLat,
        gpsLon: w.gpsLon,
        color: w.color,
        textColor: textColorFor(w.color),
      })
      .returning({ id: s.warehouses.id });
    if (!row) throw new Error('warehouse insert returned nothing');
    const staff = [
      ...w.drivers.map((u) => ({ username: u, role: 'driver' as const })),
      ...w.warehousemen.map((u) => ({ username: u, role: 'warehouseman' as const })),
    ].flatMap(({ username, role }) => {
      const userId = userIds.get(username);
      return userId ? [{ warehouseId: row.id, userId, role }] : [];
    });
    if (staff.length) await db.insert(s.warehouseStaff).values(staff);
    await db
      .insert(s.cars)
      .values(w.cars.map(([name, hexColor]) => ({ warehouseId: row.id, name, hexColor })));
  }
}
