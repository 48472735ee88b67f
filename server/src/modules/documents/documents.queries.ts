import type { SupplierIdentity as ContractIdentity } from '@letokruh/contracts/reference';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { suppliers } from '../../db/schema/index.ts';

/** Who sells, as a Czech document names it (migration 0026; domain.md §4.3). */
/**
 * The identity of the suppliers screen (contracts/src/reference.ts) with the supplier's id and name;
 * the country is the stored code, not narrowed to the screen's 'CZ'.
 */
export type SupplierIdentity = Omit<ContractIdentity, 'country'> & {
  id: number;
  name: string;
  country: string;
};

const identity = {
  id: suppliers.id,
  name: suppliers.name,
  full_address: suppliers.fullAddress,
  town: suppliers.town,
  zip_code: suppliers.zipCode,
  country: suppliers.country,
  ico: suppliers.ico,
  dic: suppliers.dic,
  register_entry: suppliers.registerEntry,
  email: suppliers.email,
  phone: suppliers.phone,
  vat_payer: suppliers.vatPayer,
};

/**
 * Decision 0068: a delivery note's supplier in one prepared read, its identity with its account and
 * whether it is active (it was the active suppliers' list, then the identity: two statements).
 */
const noteSupplierRow = preparedRead('note_supplier', (db) =>
  db
    .select({
      ...identity,
      bank_account: suppliers.bankAccount,
      bank_code: suppliers.bankCode,
      active: suppliers.active,
    })
    .from(suppliers)
    .where(eq(suppliers.id, sql.placeholder('id'))),
);

export async function findNoteSupplier(db: DbOrTx, id: number) {
  const [row] = await noteSupplierRow(db).execute({ id });
  return row;
}

export async function supplierIdentities(db: DbOrTx, ids: number[]): Promise<Map<number, SupplierIdentity>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(identity)
    .from(suppliers)
    .where(inArray(suppliers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
