import { customersEndpoints } from '@letokruh/contracts/endpoints/customers';
import { ordersEndpoints as e } from '@letokruh/contracts/endpoints/orders';
import type { App } from '../../../app-types.ts';
import { cachedAnswer } from '../../../plugins/answer-key.ts';
import { route } from '../../../plugins/endpoint.ts';
import { warehouseScope } from '../../../plugins/warehouse-scope.ts';
import { getCustomerDetail } from '../../customers/customers.service.ts';
import { tags } from '../route-options.ts';
import { listOrders, ordersOfCustomer } from './order-list.service.ts';

/** The order list (domain.md §1.7) and a customer's detail with their orders (domain.md §2.3). */
export async function orderListRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const readDb = app.ctx.readDb ?? db;

  route(app, e.list, { schema: { tags } }, async (request) =>
    listOrders(readDb, request.query, request.user!, (filters, count, version) =>
      cachedAnswer(app.answers, request, count, { keyParts: filters, bytes: () => 8, knownVersion: version }),
    ),
  );

  // domain.md §2.3: a customer's detail with their orders. Here, not in the customers module, so that
  // the customers know nothing of the orders, which know the customers (decision 0091).
  route(app, customersEndpoints.detail, { schema: { tags: ['customers'] } }, async (request) => ({
    customer: await getCustomerDetail(db, request.params.id),
    orders: await ordersOfCustomer(db, request.params.id, await warehouseScope(db, request.user!)),
  }));
}
