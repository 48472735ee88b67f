/**
 * Money rules (DESIGN §3): never a float in storage; rounding is half away from zero at
 * two places, here and nowhere else.
 */
export const currencies = ['CZK', 'EUR'] as const;
export type Currency = (typeof currencies)[number];

/** Rounds half away from zero to `places` decimals, immune to binary artefacts like 1.005. */
export function roundMoney(value: number, places = 2): number {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const sign = value < 0 ? -1 : 1;
  const shifted = shift(Math.abs(value), places);
  return sign * shift(Math.round(shifted), -places) || 0;
}

/** Moves the decimal point through the number's text, so 1.005 stays 1.005 and not 1.00499…. */
function shift(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Amount in minor units (haléř, cent) from a decimal amount. */
export const toMinor = (amount: number): number => Math.round(roundMoney(amount) * 100);
export const fromMinor = (minor: number): number => minor / 100;
