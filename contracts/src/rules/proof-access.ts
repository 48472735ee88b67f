import type { FunctionName } from '../permissions.ts';

/**
 * Who may read a proof of delivery (domain.md §2.11, decision 0074): its receiver's name, the
 * signature, the photos, the position and the cash are for the order's own driver and the office.
 * The office is anyone with a function besides the driver's (with access to the order, which the
 * warehouse scope decides); a driver reads the proofs of their own orders only: those they drive
 * now, or delivered themselves.
 */
export type ProofReader = { userId: number; functions: readonly FunctionName[] };

export const isOffice = (reader: Pick<ProofReader, 'functions'>) =>
  reader.functions.some((f) => f !== 'driver');

/** May `reader` read the proof of an order driven by `driverIds` (the order's, the proof's)? */
export const mayReadProof = (reader: ProofReader, ...driverIds: (number | null | undefined)[]) =>
  isOffice(reader) || driverIds.includes(reader.userId);
