import { calculationsEndpoints as e } from '@letokruh/contracts/endpoints/calculations';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import * as service from './calculations.service.ts';

const tags = ['calculations'];

/**
 * The calculations page (domain.md §2.2 navigation: view_calculation; domain.md §3.3). The page's own
 * warehouse and product lists answer to view_calculation, so a quote never needs view_product or
 * view_warehouse; turning a quote into an order needs add_order as creating one does (contracts'
 * routeAccess).
 */
export async function calculationRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  route(app, e.warehouses, { schema: { tags } }, async () => service.calculationWarehouses(db));

  route(app, e.products, { schema: { tags } }, async (request) =>
    service.calculationProducts(db, request.query.warehouse_id, request.query.currency),
  );

  route(app, e.quote, { schema: { tags } }, async (request) => service.calculate(db, request.body));

  route(app, e.order, { schema: { tags } }, async (request, reply) =>
    reply.code(201).send(await service.orderFromQuote(db, request.body, request.user!.id)),
  );
}
