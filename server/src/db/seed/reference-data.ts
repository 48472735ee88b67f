import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';

/**
 * Two suppliers with valid Czech accounts (both check digits hold; the IBANs are
 * CZ9701000000002718340003 and CZ7608000000351154780008) and the usual ad types.
 */
export const demoSuppliers = [
  {
    name: 'Letokruh s.r.o.',
    bankAccount: '2718340003',
    bankCode: '0100',
    fullAddress: 'Dřevařská 1254/12',
    town: 'Jihlava',
    zipCode: '586 01',
    country: 'CZ',
    ico: '27082440',
    dic: 'CZ27082440',
    registerEntry: 'zapsaná v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 54321',
    email: 'obchod@letokruh.example',
    phone: '+420603791074',
    vatPayer: true,
  },
  {
    name: 'Palivové dřevo Vysočina s.r.o.',
    bankAccount: '35-1154780008',
    bankCode: '0800',
    fullAddress: 'Lesní 318',
    town: 'Třebíč',
    zipCode: '674 01',
    country: 'CZ',
    ico: '25596641',
    dic: '',
    registerEntry: 'zapsaná v obchodním rejstříku vedeném Krajským soudem v Brně, oddíl C, vložka 33187',
    email: 'info@drevo-vysocina.example',
    phone: '+420568841207',
    vatPayer: false,
  },
];

export const demoAdtypes = ['Google', 'Facebook', 'Doporučení', 'Leták', 'Rádio', 'Seznam.cz'];

/**
 * Suppliers and ad types by name; names already there are kept (safe to run again). A demo
 * supplier seeded before suppliers had an identity (decision 0037) gets it once (its IČO is still empty).
 */
export async function seedReferenceData(db: DbOrTx): Promise<void> {
  const suppliers = await db.select({ name: s.suppliers.name, ico: s.suppliers.ico }).from(s.suppliers);
  const haveSuppliers = new Map(suppliers.map((r) => [r.name, r.ico]));
  const newSuppliers = demoSuppliers.filter((d) => !haveSuppliers.has(d.name));
  if (newSuppliers.length) await db.insert(s.suppliers).values(newSuppliers);
  for (const d of demoSuppliers.filter((d) => haveSuppliers.get(d.name) === '')) {
    await db.update(s.suppliers).set(d).where(eq(s.suppliers.name, d.name));
  }

  const adtypes = await db.select({ name: s.adtypes.name }).from(s.adtypes);
  const haveAdtypes = new Set(adtypes.map((r) => r.name));
  const newAdtypes = demoAdtypes.filter((name) => !haveAdtypes.has(name));
  if (newAdtypes.length) await db.insert(s.adtypes).values(newAdtypes.map((name) => ({ name })));
}

/**
 * A few closures and drivers' vacations around the day the demo is loaded, so that the lists
 * and the calendar have something to show; skipped when any vacation exists.
 */
export async function seedVacations(db: DbOrTx, today = pragueDay()): Promise<void> {
  const [closures] = await db.select({ n: count() }).from(s.warehouseVacations);
  const [vacations] = await db.select({ n: count() }).from(s.userVacations);
  if ((closures?.n ?? 0) > 0 || (vacations?.n ?? 0) > 0) return;
  const warehouses = new Map(
    (await db.select({ id: s.warehouses.id, name: s.warehouses.name }).from(s.warehouses)).map((w) => [
      w.name,
      w.id,
    ]),
  );
  const drivers = new Map(
    (
      await db
        .select({ id: s.users.id, username: s.users.username })
        .from(s.users)
        .where(inArray(sql`lower(${s.users.username})`, ['driver', 'driver2', 'driver3']))
    ).map((u) => [u.username.toLowerCase(), u.id]),
  );
  const [owner] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.username, 'owner'));
  const at = (days: number, time = '00:00') => `${addDays(today, days)}T${time}`;
  const closureRows = [
    // Stock-taking: the whole of next week's Wednesday and Thursday.
    { warehouse: 'Sklad Třebíč', startsAt: at(8), endsAt: at(10) },
    // A company event: an afternoon.
    { warehouse: 'Sklad Jihlava', startsAt: at(3, '12:00'), endsAt: at(3, '18:00') },
    // Last month's holiday, already over.
    { warehouse: 'Sklad Havlíčkův Brod', startsAt: at(-30), endsAt: at(-28) },
  ].flatMap(({ warehouse, ...period }) => {
    const warehouseId = warehouses.get(warehouse);
    return warehouseId ? [{ warehouseId, ...period, createdBy: owner?.id ?? null }] : [];
  });
  if (closureRows.length) await db.insert(s.warehouseVacations).values(closureRows);
  const vacationRows = [
    { driver: 'driver2', vacationFrom: addDays(today, 14), vacationTo: addDays(today, 20) },
    { driver: 'driver3', vacationFrom: addDays(today, 1), vacationTo: addDays(today, 2) },
    { driver: 'driver', vacationFrom: addDays(today, -20), vacationTo: addDays(today, -16) },
  ].flatMap(({ driver, ...period }) => {
    const userId = drivers.get(driver);
    return userId ? [{ userId, ...period, createdBy: owner?.id ?? null }] : [];
  });
  if (vacationRows.length) await db.insert(s.userVacations).values(vacationRows);
}
