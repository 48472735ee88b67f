import { icoCheckDigit } from '@letokruh/contracts/rules/czech-id';
import { seededRandom } from '@letokruh/contracts/rules/seeded-random';
import { count } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import * as s from '../schema/index.ts';

/** Towns and villages of the Vysočina around the demo warehouses: zip, centre, real streets. */
const places: [town: string, zip: string, lat: number, lon: number, streets: string[]][] = [
  [
    'Jihlava',
    '586 01',
    49.3961,
    15.5912,
    [
      'Brněnská',
      'Znojemská',
      'Havlíčkova',
      'Žižkova',
      'Úprkova',
      'Fibichova',
      'Jiráskova',
      'Smetanova',
      'Tolstého',
      'Seifertova',
    ],
  ],
  [
    'Havlíčkův Brod',
    '580 01',
    49.6079,
    15.5807,
    ['Dolní', 'Husova', 'Žižkova', 'Na Ostrově', 'Jihlavská', 'Konečná', 'Štáflova', 'Masarykova'],
  ],
  [
    'Třebíč',
    '674 01',
    49.2148,
    15.8817,
    ['Hrotovická', 'Spojovací', 'Okružní', 'Bráfova', 'Sušilova', 'Žerotínova', 'Znojemská', 'Modřínová'],
  ],
  ['Polná', '588 13', 49.487, 15.7188, ['Husovo náměstí', 'Kollárova', 'Havlíčkova']],
  ['Třešť', '589 01', 49.291, 15.4821, ['Revoluční', 'Nádražní', 'Luční']],
  ['Humpolec', '396 01', 49.5415, 15.3594, ['Horní náměstí', 'Školní', 'Nádražní']],
  ['Pelhřimov', '393 01', 49.4313, 15.2234, ['Nádražní', 'Pražská', 'Myslotínská']],
  ['Přibyslav', '582 22', 49.5767, 15.7385, ['Bechyňovo náměstí', 'Husova']],
  ['Chotěboř', '583 01', 49.7207, 15.6702, ['Riegrova', 'Krále Jiřího', 'Družstevní']],
  ['Světlá nad Sázavou', '582 91', 49.6681, 15.404, ['Nádražní', 'Sázavská', 'Komenského']],
  ['Velké Meziříčí', '594 01', 49.3552, 16.0123, ['Třebíčská', 'Novosady', 'Karlov']],
  ['Náměšť nad Oslavou', '675 71', 49.2073, 16.1585, ['Třebíčská', 'Husova']],
  ['Moravské Budějovice', '676 02', 49.0521, 15.8087, ['Husova', 'Purkyňova']],
  ['Jaroměřice nad Rokytnou', '675 51', 49.0941, 15.8934, ['Komenského', 'Lávky']],
  ['Okříšky', '675 21', 49.2452, 15.7695, ['Nádražní', 'Jihlavská']],
  ['Brtnice', '588 32', 49.307, 15.6764, ['Jihlavská', 'Komenského']],
  ['Batelov', '588 51', 49.3157, 15.395, ['Jihlavská', 'Nádražní']],
  ['Luka nad Jihlavou', '588 22', 49.3738, 15.7022, []],
  ['Kamenice', '588 23', 49.3664, 15.7771, []],
  ['Vladislav', '675 01', 49.2103, 15.9885, []],
  ['Stařeč', '675 22', 49.1982, 15.8293, []],
  ['Okrouhlice', '582 31', 49.6293, 15.4908, []],
  ['Štoky', '582 53', 49.5028, 15.5878, []],
  ['Větrný Jeníkov', '588 42', 49.472, 15.4825, []],
  ['Rantířov', '588 41', 49.4074, 15.5157, []],
  ['Hybrálec', '586 01', 49.4212, 15.5467, []],
];

const menFirst = [
  'Jan',
  'Petr',
  'Josef',
  'Pavel',
  'Martin',
  'Tomáš',
  'Jaroslav',
  'Miroslav',
  'Zdeněk',
  'Václav',
  'Michal',
  'František',
  'Jiří',
  'Karel',
  'Milan',
  'Lukáš',
  'Jakub',
  'David',
  'Ondřej',
  'Roman',
  'Stanislav',
  'Vladimír',
  'Radek',
  'Marek',
];
const womenFirst = [
  'Jana',
  'Marie',
  'Eva',
  'Hana',
  'Anna',
  'Lenka',
  'Kateřina',
  'Lucie',
  'Věra',
  'Alena',
  'Petra',
  'Veronika',
  'Martina',
  'Jaroslava',
  'Tereza',
  'Michaela',
  'Ludmila',
  'Zdeňka',
  'Helena',
  'Ivana',
];
const surnames: [man: string, woman: string][] = (
  'Novák/Nováková Svoboda/Svobodová Novotný/Novotná Dvořák/Dvořáková Černý/Černá Procházka/Procházková ' +
  'Kučera/Kučerová Veselý/Veselá Horák/Horáková Němec/Němcová Pokorný/Pokorná Marek/Marková ' +
  'Pospíšil/Pospíšilová Hájek/Hájková Jelínek/Jelínková Král/Králová Růžička/Růžičková Beneš/Benešová ' +
  'Fiala/Fialová Sedláček/Sedláčková Doležal/Doležalová Zeman/Zemanová Kolář/Kolářová Navrátil/Navrátilová ' +
  'Čermák/Čermáková Vaněk/Vaňková Urban/Urbanová Blažek/Blažková Kříž/Křížová Kovář/Kovářová ' +
  'Bartoš/Bartošová Vlček/Vlčková Polák/Poláková Musil/Musilová Kopecký/Kopecká Šimek/Šimková ' +
  'Konečný/Konečná Malý/Malá Holub/Holubová Štěpánek/Štěpánková'
)
  .split(' ')
  .map((pair) => pair.split('/') as [string, string]);
const mailDomains = ['seznam.cz', 'email.cz', 'gmail.com', 'centrum.cz', 'post.cz', 'volny.cz'];

/** A Czech company number (IČO) with its modulo-11 check digit. */
function ico(seven: number): string {
  const first = String(seven).padStart(7, '0');
  return `${first}${icoCheckDigit(first)}`;
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const demoCustomerCount = 300;

/** Deterministic customers with Czech names, addresses and coordinates; skipped when any exist. */
export function demoCustomers(n = demoCustomerCount): (typeof s.customers.$inferInsert)[] {
  const next = seededRandom(20260101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const woman = next() < 0.45;
    const [man, wife] = pick(surnames);
    const firstName = pick(woman ? womenFirst : menFirst);
    const lastName = woman ? wife : man;
    const [town, zip, lat, lon, streets] = pick(places);
    const house = 1 + Math.floor(next() * (streets.length ? 180 : 160));
    const fullAddress = streets.length
      ? `${pick(streets)} ${house}, ${zip} ${town}`
      : `${town} ${house}, ${zip} ${town}`;
    const spread = streets.length ? 0.012 : 0.004;
    const company = i % 12 === 5;
    const prePhone = i % 29 === 7 ? '+421' : i % 97 === 13 ? '+43' : '+420';
    const phone =
      prePhone === '+43'
        ? `664${String(Math.floor(next() * 1e7)).padStart(7, '0')}`
        : `${pick(['60', '72', '73', '77', '90'])}${String(Math.floor(next() * 1e7)).padStart(7, '0')}`;
    // Drawn here, where the object below drew it before the DIČ was seeded: the demo stays the same.
    const organizationId = company ? ico(1_000_000 + Math.floor(next() * 8_999_999)) : '';
    return {
      firstName,
      lastName,
      organizationId,
      // Decision 0037: every other company is a VAT payer, whose DIČ is CZ + its IČO.
      vatId: company && i % 24 === 5 ? `CZ${organizationId}` : '',
      organizationName: company
        ? pick([`Stavby ${man} s.r.o.`, `Truhlářství ${man}`, `Pila ${town} s.r.o.`, `Obec ${town}`])
        : '',
      email:
        i % 5 === 3
          ? ''
          : `${ascii(firstName)}.${ascii(lastName)}${i % 7 === 0 ? i : ''}@${pick(mailDomains)}`,
      prePhone,
      phone,
      fullAddress,
      town,
      zipCode: zip,
      country: 'Česká republika',
      gpsLat: Math.round((lat + (next() - 0.5) * spread) * 1e6) / 1e6,
      gpsLon: Math.round((lon + (next() - 0.5) * spread * 1.5) * 1e6) / 1e6,
      toContact: i % 17 === 4,
    };
  });
}

export async function seedCustomers(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(s.customers);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(s.customers).values(demoCustomers());
}
