import type { DbOrTx } from '../../db/client.ts';
import * as q from './orders.queries.ts';

/** Customers and products an order uses, so that an import's undo leaves them (domain.md §2.14). */
export const customersOnOrders = (db: DbOrTx, customerIds: number[]) =>
  q.findCustomersOnOrders(db, customerIds);
export const productsOnOrders = (db: DbOrTx, productIds: number[]) => q.findProductsOnOrders(db, productIds);
