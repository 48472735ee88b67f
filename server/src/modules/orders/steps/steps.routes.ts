import { orderStepsEndpoints as e } from '@letokruh/contracts/endpoints/order-steps';
import { ordersEndpoints } from '@letokruh/contracts/endpoints/orders';
import type { App } from '../../../app-types.ts';
import { route } from '../../../plugins/endpoint.ts';
import { clashAnswer } from '../clashes.ts';
import { byOrder, tags } from '../route-options.ts';
import { findCustomers, setOrderCustomer } from './customer-step.service.ts';
import { discardDraft } from './drafts.service.ts';
import { saveIntern } from './intern-step.service.ts';
import { saveItems } from './items-step.service.ts';
import { addOrder, copyOrder } from './new-order.service.ts';
import { orderCars, orderDrivers, warehouseDistances } from './order-resources.service.ts';

/**
 * A new order, a copy and a discarded draft (decision 0030), the creation steps of domain.md §1.2 and
 * the calls behind them (domain.md §1.7 "Creation steps"). The three steps serve creating (add_order)
 * and editing (change_order) alike: contracts' routeAccess.
 */
export async function orderStepRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  // A GET that creates, as domain.md has it: the draft is harmless and costs one order number.
  route(app, ordersEndpoints.add, { schema: { tags } }, async (request) => addOrder(db, request.user!.id));

  // domain.md §1.6: copy needs change_order; it creates an order, so add_order too.
  route(app, ordersEndpoints.copy, byOrder, async (request) =>
    copyOrder(db, request.params.id, request.user!.id),
  );

  // Decision 0030: a draft is discarded (deleted with its lines and files) by whoever may create orders;
  // an order that is no draft answers 409 / 143 and is cancelled instead.
  route(app, ordersEndpoints.discard, byOrder, async (request) =>
    discardDraft(db, app.ctx.storage, request.params.id),
  );

  route(app, e.customerSearch, { schema: { tags } }, async (request) => findCustomers(db, request.query));

  route(
    app,
    e.saveCustomer,
    { schema: { tags }, config: { scopedBy: { order: 'id' } } },
    async (request) => ({
      item: await setOrderCustomer(db, request.params.id, request.body, request.user!),
    }),
  );

  route(
    app,
    e.warehouseDistance,
    { schema: { tags }, config: { scopedBy: { order: 'orderId' } } },
    async (request) => warehouseDistances(db, request.params.orderId),
  );

  route(app, e.saveItems, { schema: { tags }, config: { scopedBy: { order: 'id' } } }, async (request) => ({
    item: await saveItems(db, request.params.id, request.body, request.user!.id),
  }));

  route(app, e.drivers, { schema: { tags }, config: { scopedBy: { order: 'id' } } }, async (request) =>
    orderDrivers(db, request.params.id),
  );

  route(app, e.cars, { schema: { tags }, config: { scopedBy: { order: 'id' } } }, async (request) =>
    orderCars(db, request.params.id),
  );

  route(
    app,
    e.saveIntern,
    { schema: { tags }, config: { scopedBy: { order: 'id' } } },
    async (request, reply) => {
      const result = await saveIntern(db, request.params.id, request.body, request.user!.id);
      const answer = clashAnswer(result);
      return reply.status(answer.status).send(answer.body);
    },
  );
}
