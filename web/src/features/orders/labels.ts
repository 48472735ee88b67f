/** "+420" and "603123456" as a person reads them: "+420 603 123 456" (as the customer pages show it). */
export function formatPhone(prefix: string, phone: string): string {
  const groups: string[] = phone.replace(/\D/g, '').match(/.{1,3}/g) ?? [];
  // A last group of one digit reads badly: "603 123 456 7" becomes "603 123 45 67".
  if (groups.length > 1 && groups.at(-1)?.length === 1) {
    const last = groups.pop() as string;
    const before = groups.pop() as string;
    groups.push(before.slice(0, 2), `${before.slice(2)}${last}`);
  }
  return [prefix, ...groups].filter(Boolean).join(' ');
}

export const telHref = (prefix: string, phone: string) => `tel:${prefix}${phone.replace(/\D/g, '')}`;

/** The catalogue keys of the spec's Czech product types, which are the values on the wire. */
const productTypeKeys: Record<string, string> = {
  Měkké: 'products.types.soft',
  Tvrdé: 'products.types.hard',
  'Doplňkový prodej': 'products.types.additional',
};
export const productTypeKey = (type: string) => productTypeKeys[type];

/** What a state badge of an order says: cancelled, done, or open. */
/** Issue 14: a draft (intern step never saved) is neither open nor done. */
export const orderStage = (order: { hidden: boolean; done: boolean; draft?: boolean }) =>
  order.draft ? 'draft' : order.hidden ? 'hidden' : order.done ? 'done' : 'open';
export const stageColor = { hidden: 'gray', done: 'green', open: 'blue', draft: 'yellow' } as const;
