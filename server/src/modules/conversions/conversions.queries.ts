import type { CalculationType } from '@letokruh/contracts/rules/conversion';
import type { DbOrTx } from '../../db/client.ts';
import { idsAmong } from '../../db/rows.ts';
import { conversionItems, conversions } from '../../db/schema/index.ts';

export async function insertConversion(
  db: DbOrTx,
  values: {
    warehouseId: number;
    calculationType: CalculationType;
    coefficient: number;
    createdBy: number;
    items: { side: 'input' | 'output'; productId: number; amount: number }[];
  },
): Promise<{ id: number; createdAt: Date }> {
  const { items, ...conversion } = values;
  const [row] = await db
    .insert(conversions)
    .values(conversion)
    .returning({ id: conversions.id, createdAt: conversions.createdAt });
  if (!row) throw new Error('conversion insert returned nothing');
  await db.insert(conversionItems).values(items.map((item) => ({ ...item, conversionId: row.id })));
  return row;
}

/** Which of the products a conversion took or gave (domain.md §2.14 undo). */
export const findProductsInConversions = (db: DbOrTx, productIds: number[]) =>
  idsAmong(db, conversionItems.productId, productIds);
