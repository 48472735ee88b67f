import type { SupplierIdentity as ContractIdentity } from '@letokruh/contracts/reference';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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

export async function supplierIdentities(db: DbOrTx, ids: number[]): Promise<Map<number, SupplierIdentity>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
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
    })
    .from(suppliers)
    .where(inArray(suppliers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
