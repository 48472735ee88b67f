/**
 * A phone number as people write it, stored in E.164 (CZECH.md "Phones"; shown grouped by
 * `formatPhone` of rules/format.ts). Written for the suppliers' identity (issue 15).
 */

const callingCodes = { CZ: '420', SK: '421', AT: '43' } as const;
export type PhoneCountry = keyof typeof callingCodes;

/**
 * "603 791 074", "+420 603 791 074", "00420 603-791-074", "(+420) 603/791074" → "+420603791074".
 * A number without a country code belongs to `country`: Czech and Slovak national numbers have 9
 * digits (a Slovak one may start with the trunk 0), an Austrian one drops its leading 0.
 * Czech and Slovak numbers must have 9 digits after the code; others 4–14 (E.164 allows 15 in
 * all). Null when the text is no phone number.
 */
export function normalizePhone(text: string, country: PhoneCountry = 'CZ'): string | null {
  let s = text.trim().replace(/[\s\-./()]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (!/^\+?\d+$/.test(s)) return null;
  if (!s.startsWith('+')) {
    const own = callingCodes[country];
    if (s.startsWith(own) && s.length === own.length + 9 && country !== 'AT') s = `+${s}`;
    else s = `+${own}${s.replace(/^0/, '')}`;
  }
  const digits = s.slice(1);
  for (const code of ['420', '421']) {
    if (digits.startsWith(code)) return digits.length === code.length + 9 ? s : null;
  }
  return digits.length >= 6 && digits.length <= 15 ? s : null;
}
