/** The catalogue keys of domain.md's Czech product types, which are the values on the wire. */
const productTypeKeys: Record<string, string> = {
  Měkké: 'products.types.soft',
  Tvrdé: 'products.types.hard',
  'Doplňkový prodej': 'products.types.additional',
};
export const productTypeKey = (type: string) => productTypeKeys[type];

/** What a state badge of an order says: cancelled, done, or open. */
/** Decision 0030: a draft (intern step never saved) is neither open nor done. */
export const orderStage = (order: { hidden: boolean; done: boolean; draft?: boolean }) =>
  order.draft ? 'draft' : order.hidden ? 'hidden' : order.done ? 'done' : 'open';
export const stageColor = { hidden: 'gray', done: 'green', open: 'blue', draft: 'yellow' } as const;
