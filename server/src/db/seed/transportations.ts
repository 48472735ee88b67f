import { addDays, pragueDay } from '@letokruh/contracts/rules/prague-day';
import { seededRandom } from '@letokruh/contracts/rules/seeded-random';
import { referenceKey, type TransportChoice } from '@letokruh/contracts/transportations';
import { asc, count, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';

/** Companies the hauls are done for, buyers, assortments and trucks of the demo (decision 0016). */
export const demoTransportReferences = {
  recipients: [
    'Lesy Vysočina a.s.',
    'Lesní družstvo Přibyslav',
    'Městské lesy Jihlava s.r.o.',
    'Lesní správa Telč',
    'Biskupské lesy Třebíč',
    'Letokruh s.r.o.',
  ],
  subscribers: [
    'Pila Brtnice s.r.o.',
    'Dřevozpracující družstvo Lukavec',
    'Pila Štoky s.r.o.',
    'Dřevařský závod Ždírec a.s.',
    'Deskové materiály Jihlava a.s.',
    'Papírna Větřní – nákup dříví',
    'Pila Novák Třešť',
    'Peletárna Humpolec s.r.o.',
  ],
  woodTypes: [
    'Smrková kulatina',
    'Smrková vláknina',
    'Borová kulatina',
    'Borová vláknina',
    'Modřínová kulatina',
    'Jedlová kulatina',
    'Buková kulatina',
    'Dubová kulatina',
    'Palivové dříví',
  ],
  licencePlates: ['1J2 3456', '4J8 1207', '2J5 7781', '8J3 0042', '3J9 5520', '1J7 9034'],
};

const loadingPlaces = [
  'Polesí Hodice, odd. 412',
  'Lesní sklad Ždírec nad Doubravou',
  'Radešín, lesní cesta u Pasek',
  'Mrákotín, porost Javořice',
  'Přibyslav – Hřiště, skládka',
  'Brtnice, Panská lícha',
  'Nádraží Velké Meziříčí, vlečka',
  'Štoky, Lesní sklad u rybníka',
];
const unloadingPlaces = [
  'Pila Brtnice, manipulační sklad',
  'Lukavec, areál družstva',
  'Jihlava, Na Hranici 6',
  'Nádraží Havlíčkův Brod, nakládka vagonů',
  'Ždírec nad Doubravou, Pilská 1',
  'Humpolec, Průmyslová zóna',
  'Třešť, Pila Novák',
];
const choices: TransportChoice[] = ['LesProfi', 'Polácinaši', 'LogrealPešek', 'other'];
const otherLoaders = ['Lesní družstvo Věžnice', 'Harvestory Kadlec'];

async function seedReferences(db: DbOrTx, table: (typeof referenceTables)[number], names: string[]) {
  await db
    .insert(table)
    .values(names.map((name) => ({ name, nameKey: referenceKey(name) })))
    .onConflictDoNothing({ target: table.nameKey });
  return (await db.select({ id: table.id }).from(table).orderBy(asc(table.id))).map((r) => r.id);
}
const referenceTables = [
  s.transportRecipients,
  s.transportSubscribers,
  s.woodTypes,
  s.licencePlates,
] as const;

/**
 * The reference lists of the transportation form and about forty hauls over the four months
 * before the day the demo is loaded (no Sundays), by the three demo drivers. The reference
 * lists are topped up by name; the hauls are skipped when any exists.
 */
export async function seedTransportations(db: DbOrTx, today = pragueDay()): Promise<void> {
  const d = demoTransportReferences;
  const recipients = await seedReferences(db, s.transportRecipients, d.recipients);
  const subscribers = await seedReferences(db, s.transportSubscribers, d.subscribers);
  const woodTypes = await seedReferences(db, s.woodTypes, d.woodTypes);
  const plates = await seedReferences(db, s.licencePlates, d.licencePlates);
  const [existing] = await db.select({ n: count() }).from(s.transportations);
  if ((existing?.n ?? 0) > 0) return;
  const drivers = (
    await db
      .select({ id: s.users.id })
      .from(s.users)
      .where(inArray(sql`lower(${s.users.username})`, ['driver', 'driver2', 'driver3']))
      .orderBy(asc(s.users.id))
  ).map((u) => u.id);
  const dispatcher = (
    await db.select({ id: s.users.id }).from(s.users).where(sql`lower(${s.users.username}) = 'dispatcher'`)
  )[0]?.id;

  const next = seededRandom(20260701);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const hauls: (typeof s.transportations.$inferInsert)[] = [];
  const lines: { cmrs: { number: string; amount: number }[]; loading: string[]; unloading: string[] }[] = [];
  let cmrNumber = 2_418_300;
  for (let back = 120; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0 || next() < 0.67) continue;
    const bezrukace = next() < 0.4;
    const choice = bezrukace ? pick(choices) : null;
    const wagon = next() < 0.15;
    hauls.push({
      day,
      loadType: bezrukace ? 'bezrukaceTransport' : 'Standardní',
      loadChoice: choice,
      loadChoiceText: choice === 'other' ? pick(otherLoaders) : null,
      driverId: drivers.length && next() < 0.9 ? pick(drivers) : null,
      recipientId: next() < 0.95 ? pick(recipients) : null,
      subscriberId: pick(subscribers),
      woodTypeId: pick(woodTypes),
      licencePlateId: pick(plates),
      createdBy: dispatcher ?? null,
    });
    const rows = 1 + Math.floor(next() * (wagon ? 3 : 2));
    const cmrs = Array.from({ length: rows }, () => {
      cmrNumber += 1 + Math.floor(next() * 40);
      return {
        number: wagon
          ? `31 54 ${5300 + Math.floor(next() * 600)} ${100 + Math.floor(next() * 800)}-${Math.floor(next() * 10)}`
          : `CMR ${cmrNumber}`,
        amount: Math.round((18 + next() * 14) * 100) / 100,
      };
    });
    const stops = next() < 0.25 ? 2 : 1;
    lines.push({
      cmrs,
      loading: Array.from({ length: stops }, () => pick(loadingPlaces)),
      unloading: [pick(unloadingPlaces)],
    });
  }
  if (!hauls.length) return;
  // Serial ids follow the rows' order; sorted, they pair with the lines by position.
  const ids = (await db.insert(s.transportations).values(hauls).returning({ id: s.transportations.id }))
    .map((r) => r.id)
    .sort((a, b) => a - b);
  const cmrRows = ids.flatMap((transportationId, i) =>
    (lines[i]?.cmrs ?? []).map((c, position) => ({ transportationId, position, ...c })),
  );
  const placeRows = ids.flatMap((transportationId, i) => [
    ...(lines[i]?.loading ?? []).map((name, position) => ({
      transportationId,
      kind: 'loading' as const,
      position,
      name,
    })),
    ...(lines[i]?.unloading ?? []).map((name, position) => ({
      transportationId,
      kind: 'unloading' as const,
      position,
      name,
    })),
  ]);
  if (cmrRows.length) await db.insert(s.transportationCmrs).values(cmrRows);
  if (placeRows.length) await db.insert(s.transportationPlaces).values(placeRows);
}
