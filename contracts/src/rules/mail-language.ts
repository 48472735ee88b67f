import { foldText } from './text.ts';

/**
 * The language of the e-mails a customer receives (decision 0036): Czech for Czechia and Slovakia (a
 * Slovak reads Czech as easily as Slovak, and the firm writes no Slovak), German for Austria and
 * Germany, English for everyone else. The customer's country is free text, typed in Czech or
 * English and sometimes in the country's own language ("Česká republika", "ČR", "Czechia",
 * "Slovensko", "Österreich", "Německo"), so it is read with accents, case, dots and extra spaces
 * aside. What is not recognised is no country of ours: English.
 */

export const mailLanguages = ['cs', 'de', 'en'] as const;
export type MailLanguage = (typeof mailLanguages)[number];

export type MailCountry = 'CZ' | 'SK' | 'AT' | 'DE';

const countryNames: Record<MailCountry, readonly string[]> = {
  CZ: [
    'ceska republika',
    'cesko',
    'cr',
    'czechia',
    'czech republic',
    'the czech republic',
    'czech rep',
    'tschechien',
    'tschechische republik',
    'cz',
    'cze',
  ],
  SK: ['slovensko', 'slovenska republika', 'sr', 'slovakia', 'slovak republic', 'slowakei', 'sk', 'svk'],
  AT: ['rakousko', 'austria', 'osterreich', 'oesterreich', 'republik osterreich', 'at', 'aut'],
  DE: [
    'nemecko',
    'spolkova republika nemecko',
    'germany',
    'deutschland',
    'bundesrepublik deutschland',
    'federal republic of germany',
    'brd',
    'de',
    'deu',
  ],
};

const byName = new Map<string, MailCountry>(
  (Object.entries(countryNames) as [MailCountry, readonly string[]][]).flatMap(([code, names]) =>
    names.map((name) => [name, code] as const),
  ),
);

/** The country a customer's free-text country names, or null when it is none of the four. */
export function mailCountryOf(country: string): MailCountry | null {
  const key = foldText(country)
    .replace(/\./g, '')
    .replace(/[,;:()'"’-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // "Č. R." is "ČR" written apart.
  return byName.get(key) ?? byName.get(key.replaceAll(' ', '')) ?? null;
}

const languageOfCountry: Record<MailCountry, MailLanguage> = { CZ: 'cs', SK: 'cs', AT: 'de', DE: 'de' };

/** cs for Czechia and Slovakia, de for Austria and Germany, en otherwise. */
export function mailLanguageOf(country: string): MailLanguage {
  const code = mailCountryOf(country);
  return code ? languageOfCountry[code] : 'en';
}
