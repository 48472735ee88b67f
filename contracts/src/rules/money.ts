/**
 * Money rules (domain.md §3.3): never a float in storage; rounding is half away from zero at
 * two places, here and nowhere else.
 */
export const currencies = ['CZK', 'EUR'] as const;
export type Currency = (typeof currencies)[number];

/** Rounds half away from zero to `places` decimals, immune to binary artefacts like 1.005. */
export function roundMoney(value: number, places = 2): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const sign = value < 0 ? -1 : 1;
  const fast = roundFast(Math.abs(value), places);
  if (fast !== null) return sign * fast || 0;
  const shifted = shift(Math.abs(value), places);
  return sign * shift(Math.round(shifted), -places) || 0;
}

/**
 * The common case in floating point (the calendar's totals spent a third of their time in
 * the text shifts): below 2³¹ after scaling, the product's error is under 10⁻⁶, so a fraction
 * farther than that from one half rounds the way the exact decimal does, and the integer over
 * 10^places is the same correctly rounded number the text shift gives. Near one half: null.
 */
function roundFast(value: number, places: number): number | null {
  if (places < 0 || places > 15) return null;
  const factor = 10 ** places;
  const scaled = value * factor;
  if (scaled >= 2 ** 31) return null;
  const fraction = scaled - Math.floor(scaled);
  if (Math.abs(fraction - 0.5) < 1e-6) return null;
  return Math.round(scaled) / factor;
}

/** Moves the decimal point through the number's text, so 1.005 stays 1.005 and not 1.00499…. */
function shift(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** A finite number as an exact decimal: digits as a BigInt and the count of decimal places. */
function decimalOf(value: number): { digits: bigint; places: number } {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let places = fraction.length - Number(exponent);
  let digits = BigInt(`${whole}${fraction}`);
  if (places < 0) {
    digits *= 10n ** BigInt(-places);
    places = 0;
  }
  return { digits, places };
}

/**
 * The product of decimal numbers (a price × an amount × a discount) rounded half away from zero to
 * two places, computed exactly: 99.99 × 1.5 is 149.985 and becomes 149.99, where binary floating
 * point would give 149.98499… and round down.
 */
export function multiplyMoney(...factors: number[]): number {
  return multiplySmall(factors) ?? multiplyExact(factors);
}

/**
 * The common case without BigInt (totals of a month of orders spent most of their time
 * here): every factor has at most four decimals and the product of their digits stays a safe
 * integer, so plain integer arithmetic is exact. Anything else answers null.
 */
function multiplySmall(factors: number[]): number | null {
  let digits = 1;
  let places = 0;
  for (const factor of factors) {
    let scaled = factor;
    let p = 0;
    while (p <= 4 && !Number.isInteger(scaled)) {
      p += 1;
      scaled = Math.round(factor * 10 ** p);
      if (scaled / 10 ** p !== factor) scaled = Number.NaN;
    }
    if (!Number.isSafeInteger(scaled)) return null;
    digits *= scaled;
    places += p;
    if (!Number.isSafeInteger(digits)) return null;
  }
  const negative = digits < 0;
  const magnitude = Math.abs(digits);
  let cents: number;
  if (places <= 2) {
    cents = magnitude * 10 ** (2 - places);
    if (!Number.isSafeInteger(cents)) return null;
  } else {
    const divisor = 10 ** (places - 2);
    const whole = Math.floor(magnitude / divisor);
    const rest = magnitude - whole * divisor;
    cents = rest * 2 >= divisor ? whole + 1 : whole;
  }
  const result = cents / 100;
  return negative ? -result : result || 0;
}

function multiplyExact(factors: number[]): number {
  let digits = 1n;
  let places = 0;
  for (const factor of factors) {
    const d = decimalOf(factor);
    digits *= d.digits;
    places += d.places;
  }
  const negative = digits < 0n;
  const magnitude = negative ? -digits : digits;
  const cents =
    places <= 2
      ? magnitude * 10n ** BigInt(2 - places)
      : (magnitude * 2n + 10n ** BigInt(places - 2)) / (2n * 10n ** BigInt(places - 2));
  const text = cents.toString().padStart(3, '0');
  const result = Number(`${text.slice(0, -2)}.${text.slice(-2)}`);
  return negative ? -result : result || 0;
}

/** Amount in minor units (haléř, cent) from a decimal amount. */
export const toMinor = (amount: number): number => Math.round(roundMoney(amount) * 100);
export const fromMinor = (minor: number): number => minor / 100;
