/**
 * The app's own number formats (domain.md §2.9), written without ICU (decision 0105): Czech
 * "1 234,50 Kč" and British "CZK 1,234.50", plain, money and percent, with up to twenty fraction
 * digits. A phone pays 60–150 ms at 4× CPU for the first `Intl.NumberFormat` a page makes, whatever
 * its options, because ICU loads its number data then; every page shows a number.
 *
 * The result is ICU's own, character for character, which a test checks on many thousands of
 * values: the number's shortest decimal spelling (what `String(n)` gives) is rounded half away from
 * zero, as ICU rounds, not the binary value (`toFixed` writes 1.005 as "1.00", ICU as "1.01"); a
 * negative number keeps its minus even where it rounds to zero ("-0,00"). Anything else (another
 * locale, another option, an infinite value) goes to `Intl.NumberFormat`.
 */
export type NumberText = { format(value: number): string };

type Shape = {
  group: string;
  decimal: string;
  /** Puts the sign and the unit around the written number. */
  wrap: Record<'decimal' | 'percent' | 'CZK' | 'EUR', (sign: string, number: string) => string>;
};

const shapes: Record<string, Shape> = {
  'cs-CZ': {
    group: '\u00a0',
    decimal: ',',
    wrap: {
      decimal: (sign, n) => `${sign}${n}`,
      percent: (sign, n) => `${sign}${n}\u00a0%`,
      CZK: (sign, n) => `${sign}${n}\u00a0Kč`,
      EUR: (sign, n) => `${sign}${n}\u00a0€`,
    },
  },
  'en-GB': {
    group: ',',
    decimal: '.',
    wrap: {
      decimal: (sign, n) => `${sign}${n}`,
      percent: (sign, n) => `${sign}${n}%`,
      CZK: (sign, n) => `${sign}CZK\u00a0${n}`,
      EUR: (sign, n) => `${sign}€${n}`,
    },
  },
};

const known = new Set(['style', 'currency', 'minimumFractionDigits', 'maximumFractionDigits']);

/** The formatter for `locale` and `options`, or null where Intl must do it. */
export function numberText(locale: string, options: Intl.NumberFormatOptions): NumberText | null {
  const shape = shapes[locale];
  if (!shape || Object.keys(options).some((key) => !known.has(key))) return null;
  const style = options.style ?? 'decimal';
  let unit: keyof Shape['wrap'];
  if (style === 'currency') {
    if (options.currency !== 'CZK' && options.currency !== 'EUR') return null;
    unit = options.currency;
  } else if (style === 'decimal' || style === 'percent') {
    if (options.currency !== undefined) return null;
    unit = style;
  } else return null;
  // ECMA-402's defaults: money two digits, a percent none, a number up to three.
  const [defaultMin, defaultMax] = style === 'currency' ? [2, 2] : style === 'percent' ? [0, 0] : [0, 3];
  const { minimumFractionDigits: givenMin, maximumFractionDigits: givenMax } = options;
  const max = givenMax ?? Math.max(givenMin ?? 0, defaultMax);
  const min = givenMin ?? Math.min(defaultMin, max);
  const digitsOk = (d: number) => Number.isInteger(d) && d >= 0 && d <= 20;
  if (!digitsOk(min) || !digitsOk(max) || min > max) return null;
  const shift = style === 'percent' ? 2 : 0;
  const wrap = shape.wrap[unit];
  return {
    format(value: number): string {
      if (!Number.isFinite(value)) return new Intl.NumberFormat(locale, options).format(value);
      const sign = value < 0 || Object.is(value, -0) ? '-' : '';
      const [whole, fraction] = rounded(Math.abs(value), shift, min, max);
      const grouped = whole.length > 3 ? whole.replace(/\B(?=(\d{3})+$)/g, shape.group) : whole;
      return wrap(sign, fraction ? `${grouped}${shape.decimal}${fraction}` : grouped);
    },
  };
}

/**
 * `value` × 10^shift written with at most `max` and at least `min` fraction digits: its whole
 * part and its fraction (empty for none).
 */
function rounded(value: number, shift: number, min: number, max: number): [string, string] {
  // The shortest spelling, as digits and the position of the point among them ("1.23e-7" too).
  const [mantissa, exponent] = String(value).split('e');
  const dot = mantissa!.indexOf('.');
  const digits = mantissa!.replace('.', '');
  const point = (dot < 0 ? mantissa!.length : dot) + Number(exponent ?? 0) + shift;
  // The value × 10^max as whole digits, rounded half away from zero.
  const kept = point + max;
  let scaled = kept <= 0 ? '' : digits.slice(0, kept).padEnd(kept, '0');
  if (kept >= 0 && kept < digits.length && digits[kept]! >= '5') scaled = increment(scaled);
  scaled = scaled.replace(/^0+/, '').padStart(max + 1, '0');
  const whole = scaled.slice(0, scaled.length - max);
  let fraction = scaled.slice(scaled.length - max);
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return [whole, fraction];
}

/** A string of decimal digits plus one ("" is zero). */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
}
