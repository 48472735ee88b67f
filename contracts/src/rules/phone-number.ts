/**
 * Phone numbers as typed → E.164 (decision 0040: stored "+420603791074", shown by formatPhone as
 * "+420 603 791 074"). What a person types is read leniently: spaces, dashes, slashes, dots and
 * brackets are separators; "+" or "00" starts an international number; a Czech or Slovak number
 * written with its country code but no "+" ("420603791074") is understood; a national trunk 0
 * ("0903 123 456", "0664 1234567") is dropped. Anything else is refused (null), not guessed.
 */

/** National significant number lengths of the countries the customer prefixes name (domain.md §1.9). */
const nationalLength: Record<string, { min: number; max: number }> = {
  '420': { min: 9, max: 9 },
  '421': { min: 9, max: 9 },
  // Austria numbers vary in length: mobile 10–11 digits, Vienna landlines from 4 + area code.
  '43': { min: 4, max: 13 },
};

/** Country codes read off the front of an international number: the known ones, longest first. */
const knownCodes = Object.keys(nationalLength).sort((a, b) => b.length - a.length);

const separators = /[\s\u00a0\-/.()]/g;

/** E.164 of a national significant number under a country code, or null when it cannot be one. */
function e164(code: string, national: string): string | null {
  const rule = nationalLength[code];
  if (national.startsWith('0')) return null;
  if (rule && (national.length < rule.min || national.length > rule.max)) return null;
  const digits = code.length + national.length;
  // E.164: at most 15 digits; fewer than 8 in all is no reachable number outside the known codes.
  if (digits > 15 || (!rule && digits < 8)) return null;
  return `+${code}${national}`;
}

/**
 * An international number's digits (after "+" or "00") split into country code and national
 * number. Unknown codes are kept whole: the digits are valid E.164 without knowing the split.
 */
function international(digits: string): string | null {
  if (digits.startsWith('0')) return null;
  const code = knownCodes.find((c) => digits.startsWith(c));
  if (code) return e164(code, digits.slice(code.length));
  return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
}

/**
 * The number typed in `input` as E.164, reading a national number under `defaultPrefix`
 * ("+420", "+421", "+43" or any "+<code>"); null when it cannot be a phone number.
 */
export function normalizePhone(input: string, defaultPrefix: string): string | null {
  const text = input.trim();
  if (!/^\+?[0-9\s\u00a0\-/.()]+$/.test(text)) return null;
  const digits = text.replace(separators, '').replace(/^\+/, '');
  if (!digits) return null;
  if (text.startsWith('+')) return international(digits);
  if (digits.startsWith('00')) return international(digits.slice(2));
  const code = defaultPrefix.replace(/^\+/, '');
  if (!/^[1-9][0-9]{0,2}$/.test(code)) return null;
  const rule = nationalLength[code];
  // "420603791074": the country code written without "+" or "00" (f_phone_key of migration 0023).
  if (rule && digits.startsWith(code) && digits.length - code.length === rule.max && rule.min === rule.max) {
    return e164(code, digits.slice(code.length));
  }
  // Czech numbers have no trunk prefix; Slovak, Austrian (and most others) dial a 0 at home.
  return e164(code, code === '420' ? digits : digits.replace(/^0/, ''));
}

/**
 * A customer's phone as the wire keeps it (`pre_phone` + `phone`, `whole_phone` their E.164
 * concatenation): an international number typed into `phone` decides the prefix itself, which
 * must be one of `prefixes`. Null when the number is no phone number or its country is not offered.
 */
export function splitPhone<P extends string>(
  prePhone: P,
  phone: string,
  prefixes: readonly P[],
): { prePhone: P; phone: string } | null {
  const whole = normalizePhone(phone, prePhone);
  if (!whole) return null;
  const prefix = [...prefixes].sort((a, b) => b.length - a.length).find((p) => whole.startsWith(p));
  return prefix ? { prePhone: prefix, phone: whole.slice(prefix.length) } : null;
}
