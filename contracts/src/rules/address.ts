/**
 * A customer's address line as drivers, documents and lists show it (decision 0040): "street and
 * number, zip town" — "Masarykova 12, 586 01 Jihlava", the shape the address finder and the demo
 * data have always produced. Composed on the server only, from the payload's `address`, `town`,
 * `zip` and `country`, so that a customer created through the API (address = street only) and one
 * typed into the form (address = the whole line) read the same.
 */

/** Trimmed, runs of white space (no-break ones too) as one space, ", " after every comma. */
export const cleanText = (text: string) =>
  text
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .replace(/^[\s,]+|[\s,]+$/g, '');

const czechOrSlovak =
  /^(česká republika|česko|czechia|czech republic|cz|slovensko|slovakia|slovenská republika|sk)$/i;

/** Czech and Slovak post codes are five digits written "586 01"; others stay as typed. */
export function normalizeZip(zip: string, country: string): string {
  const text = cleanText(zip);
  const m = /^(\d{3}) ?(\d{2})$/.exec(text);
  return m && czechOrSlovak.test(cleanText(country)) ? `${m[1]} ${m[2]}` : text;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The street part of a typed line: what ends it and repeats the place is dropped — the country,
 * then "zip town", a Czech/Slovak-looking "586 01 Anything" (a town changed in the edit form), the
 * zip or the town alone.
 */
function streetOf(address: string, place: { town: string; zip: string; country: string }): string {
  let line = cleanText(address);
  const tail = (pattern: string) => {
    const next = line.replace(new RegExp(`(^|,? )${pattern}$`, 'iu'), '').replace(/[\s,]+$/, '');
    const changed = next !== line;
    line = next;
    return changed;
  };
  if (place.country) tail(literal(place.country));
  const zipDigits = place.zip.replace(/\s/g, '');
  const zip = zipDigits ? zipDigits.split('').map(literal).join(' ?') : '';
  const town = literal(place.town);
  if (zip && town && tail(`${zip},? ${town}`)) return line;
  if (line.includes(',') && tail('\\d{3} ?\\d{2} [^,\\d]+')) return line;
  if (town && tail(`${town},? ${zip}`)) return line;
  if (town && line.includes(',')) tail(town);
  if (zip) tail(zip);
  return line;
}

/** `full_address`, `zip_code` and `town` as stored, from a create or edit payload. */
export function composeAddress(input: { address: string; town: string; zip: string; country: string }): {
  fullAddress: string;
  town: string;
  zipCode: string;
  country: string;
} {
  const country = cleanText(input.country);
  const town = cleanText(input.town);
  const zipCode = normalizeZip(input.zip, country);
  const street = streetOf(input.address, { town, zip: zipCode, country });
  const place = [zipCode, town].filter(Boolean).join(' ');
  const fullAddress = [street, place].filter(Boolean).join(', ');
  return { fullAddress, town, zipCode, country };
}
