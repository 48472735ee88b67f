import type { ProofReader } from '@letokruh/contracts/rules/proof-access';
import type { SessionUser } from '../../plugins/access.ts';

export { isOffice, mayReadProof, type ProofReader } from '@letokruh/contracts/rules/proof-access';

/** The session's user as a reader of proofs of delivery (domain.md §2.11, decision 0074). */
export const proofReaderOf = (user: SessionUser): ProofReader => ({
  userId: user.id,
  functions: user.functions,
});
