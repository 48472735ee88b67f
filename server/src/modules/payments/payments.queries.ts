import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderDeliveries } from '../../db/schema/index.ts';
import { suppliers } from '../../db/schema/reference.ts';

/** The cash its driver took at the door, when the order was delivered (domain.md §2.13). */
export async function deliveredCash(
  db: DbOrTx,
  orderId: number,
): Promise<{ cash: number | null } | undefined> {
  const [row] = await db
    .select({ cash: orderDeliveries.cashReceived, at: orderDeliveries.deliveredAt })
    .from(orderDeliveries)
    .where(eq(orderDeliveries.orderId, orderId));
  return row?.at ? { cash: row.cash } : undefined;
}

export type SupplierContact = {
  name: string;
  fullAddress: string;
  town: string;
  zipCode: string;
  ico: string;
  dic: string;
  email: string;
  phone: string;
};

/** Who signs the QR e-mail (migration 0026): address, IČO, DIČ and contacts; removed ones too. */
export async function supplierContact(db: DbOrTx, id: number): Promise<SupplierContact | undefined> {
  const [row] = await db
    .select({
      name: suppliers.name,
      fullAddress: suppliers.fullAddress,
      town: suppliers.town,
      zipCode: suppliers.zipCode,
      ico: suppliers.ico,
      dic: suppliers.dic,
      email: suppliers.email,
      phone: suppliers.phone,
    })
    .from(suppliers)
    .where(eq(suppliers.id, id));
  return row;
}
