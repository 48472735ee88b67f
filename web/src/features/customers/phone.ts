/** "+420" and "603123456" as a person reads them: "+420 603 123 456". */
export function formatPhone(prefix: string, phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const groups: string[] = digits.match(/.{1,3}/g) ?? [];
  // A last group of one digit reads badly: "603 123 456 7" becomes "603 123 45 67".
  if (groups.length > 1 && groups.at(-1)?.length === 1) {
    const last = groups.pop() as string;
    const before = groups.pop() as string;
    groups.push(before.slice(0, 2), `${before.slice(2)}${last}`);
  }
  return [prefix, ...groups].filter(Boolean).join(' ');
}

/** The `tel:` address of the whole number. */
export const telHref = (prefix: string, phone: string) => `tel:${prefix}${phone.replace(/\D/g, '')}`;
