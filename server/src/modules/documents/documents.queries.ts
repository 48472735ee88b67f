import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, suppliers } from '../../db/schema/index.ts';

/** Who sells, as a Czech document names it (migration 0026; CZECH.md "What a delivery note shows"). */
export type SupplierIdentity = {
  id: number;
  name: string;
  full_address: string;
  town: string;
  zip_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  ico: string;
  dic: string;
  register_entry: string;
  email: string;
  /** E.164 or empty. */
  phone: string;
  vat_payer: boolean;
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

/** The customers' DIČ (customers.vat_id), empty where they have none. */
export async function customerVatIds(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: customers.id, vatId: customers.vatId })
    .from(customers)
    .where(inArray(customers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.vatId]));
}
