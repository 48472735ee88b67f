import { productsEndpoints as e } from '@letokruh/contracts/endpoints/products';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import * as service from './products.service.ts';

const tags = ['products'];

/** Products, their prices and the offer of a warehouse (domain.md §2.7, §1.7). */
export async function productRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  route(app, e.list, { schema: { tags } }, async (request) => service.listProducts(db, request.query));

  route(app, e.detail, { schema: { tags } }, async (request) => ({
    item: await service.getProduct(db, request.params.id),
  }));

  route(app, e.add, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send({ item: await service.addProduct(db, request.user!.id, request.body) }),
  );

  route(app, e.changePrice, { schema: { tags } }, async (request) => ({
    item: await service.changePrice(db, request.user!.id, request.params.id, request.body),
  }));

  route(app, e.remove, { schema: { tags } }, async (request) => ({
    item: await service.removeFromOffer(db, request.params.id),
  }));

  route(app, e.unhidden, { schema: { tags } }, async () => service.listUnhiddenProducts(db));

  // The order items step (domain.md §1.7): whoever takes orders sees the products they can sell.
  route(app, e.available, { schema: { tags } }, async (request) =>
    service.availableProducts(db, request.query.warehouse_id, request.query.currency),
  );
}
