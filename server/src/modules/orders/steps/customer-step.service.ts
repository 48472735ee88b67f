import { customerAddSchema } from '@letokruh/contracts/customers';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { OrderCustomerPayload } from '@letokruh/contracts/order-steps';
import type { Order } from '@letokruh/contracts/orders';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { SessionUser } from '../../../plugins/access.ts';
import { AppError, badInput } from '../../../plugins/errors.ts';
import { addCustomer, requireCustomer, toCustomer } from '../../customers/customers.service.ts';
import { lockForEdit } from '../edit-lock.ts';
import { getOrder } from '../order-view.ts';
import * as q from '../orders.queries.ts';
import { searchCustomers } from './customer-search.queries.ts';

/** GET /api/get-customers/phone: candidates for the find-customer panel; nothing asked, nothing found. */
export async function findCustomers(
  db: DbOrTx,
  query: { phone?: string | undefined; first_name?: string | undefined; last_name?: string | undefined },
) {
  const rows = await searchCustomers(db, {
    phone: query.phone,
    firstName: query.first_name,
    lastName: query.last_name,
  });
  return { data: rows.map(toCustomer) };
}

/** A customer named in the body: 400 on `id_found` when there is none, as for any id in a body. */
async function existingCustomer(db: DbOrTx, id: number): Promise<number> {
  try {
    return (await requireCustomer(db, id)).id;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404)
      throw badInput(`No customer ${id}`, ['id_found']);
    throw error;
  }
}

/**
 * POST /order/{id}/customer: the customer found (`id_found`) or a new one from the add-customer
 * form, which needs add_customer as adding a customer anywhere does.
 */
export async function setOrderCustomer(
  db: Db,
  id: number,
  payload: OrderCustomerPayload,
  user: SessionUser,
): Promise<Order> {
  if (payload.id_found === undefined && !user.permissions.has('add_customer')) {
    throw new AppError(403, ErrorCode.accessDenied, 'Adding a customer needs add_customer');
  }
  return db.transaction(async (tx) => {
    await lockForEdit(tx, id, payload.version);
    const customerId =
      payload.id_found !== undefined
        ? await existingCustomer(tx, payload.id_found)
        : // Whoever takes orders finds customers in step 1 anyway, so the matches are shown.
          (await addCustomer(tx, customerAddSchema.parse(payload), { mayView: true })).id;
    await q.updateOrder(tx, id, { customerId });
    return getOrder(tx, id);
  });
}
