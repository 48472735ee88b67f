// What the driver module offers the others (decision 0091): a session's user as a reader of proofs
// of delivery, and the lines of the recorded deliveries, which the delivery note shows (domain.md
// §2.11).
export { findDeliveryLines } from './delivery.queries.ts';
export { proofReaderOf } from './proof-access.ts';
