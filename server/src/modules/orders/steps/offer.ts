import type { Currency } from '@letokruh/contracts/rules/money';
import type { DbOrTx } from '../../../db/client.ts';
import { availableProducts } from '../../products/products.service.ts';

export type Offer = Map<number, { price: number; vat: number }>;

/** What a warehouse sells today in a currency: the price with VAT and the VAT of each product. */
export async function offerOf(db: DbOrTx, warehouseId: number, currency: Currency): Promise<Offer> {
  const { products_types } = await availableProducts(db, warehouseId, currency);
  return new Map(
    products_types.flatMap((group) =>
      group.products.flatMap((p) => {
        const price = p.pricesWithVat[0];
        const vat = p.vats[0];
        return price && vat ? [[p.id, { price: price.amount, vat: vat.vat }] as const] : [];
      }),
    ),
  );
}
