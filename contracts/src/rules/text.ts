/**
 * Text as a search compares it (decision 0024): without accents and letter case, so that "novak" finds
 * "Novák" and "ZIZKOV" finds "Žižkov". The server does the same with PostgreSQL's unaccent
 * (server/src/db/text-search.ts); this is the browser's side, for lists filtered in the page.
 */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, (c) => (c === 'ł' ? 'l' : 'L'))
    .toLocaleLowerCase('cs');

/** Does `text` contain `search`, accents and case aside? */
export const foldedIncludes = (text: string, search: string): boolean =>
  foldText(text).includes(foldText(search.trim()));
