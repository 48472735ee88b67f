import { orderStepsEndpoints as e } from '@letokruh/contracts/endpoints/order-steps';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { clashAnswer } from './clashes.ts';
import { findCustomers, setOrderCustomer } from './customer-step.service.ts';
import { saveIntern } from './intern-step.service.ts';
import { saveItems } from './items-step.service.ts';
import { orderCars, orderDrivers, warehouseDistances } from './order-resources.service.ts';

const tags = ['orders'];

/**
 * The creation steps of domain.md §1.2 and the calls behind them (domain.md §1.7 "Creation steps"). The
 * three steps serve creating (add_order) and editing (change_order) alike: contracts' routeAccess.
 */
export async function orderStepRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  route(app, e.customerSearch, { schema: { tags } }, async (request) => findCustomers(db, request.query));

  route(
    app,
    e.saveCustomer,
    { schema: { tags }, config: { scopedBy: { order: 'id' } } },
    async (request) => ({ item: await setOrderCustomer(db, request.params.id, request.body, request.user!) }),
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
