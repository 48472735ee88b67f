import { stockEndpoints as e } from '@letokruh/contracts/endpoints/stock';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import * as service from './stock.service.ts';

const tags = ['stock'];

/** Stock of a warehouse, its changes and their history (domain.md §2.2, §2.7). */
export async function stockRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  route(app, e.list, { schema: { tags } }, async (request) =>
    service.listProductStock(db, request.params.id, request.query),
  );

  route(
    app,
    e.addProduct,
    { schema: { tags }, config: { scopedBy: { warehouse: 'id' } } },
    async (request, reply) =>
      reply.status(201).send({
        item: await service.addProductToWarehouse(db, request.params.id, request.body.product_id),
      }),
  );

  // Not in domain.md's table: the stock change page shows the current amount (domain.md §2.2).
  route(app, e.detail, { schema: { tags } }, async (request) => ({
    item: await service.getStock(
      db,
      request.params.warehouseId,
      request.params.productId,
      request.query.date,
    ),
  }));

  // Decision 0064: one product's stock by warehouse, with what is reserved, available and projected.
  route(app, e.byWarehouse, { schema: { tags } }, async (request) =>
    service.getStockOfProduct(db, request.params.id, request.query.date),
  );

  route(
    app,
    e.update,
    { schema: { tags }, config: { scopedBy: { warehouse: 'warehouseId' } } },
    async (request) => {
      const { warehouseId, productId } = request.params;
      return {
        item: await service.updateStock(db, request.user!.id, warehouseId, productId, request.body.amount),
      };
    },
  );

  // The stock change history is shown only with change_warehouse (domain.md §2.2).
  route(
    app,
    e.changes,
    { schema: { tags }, config: { scopedBy: { warehouse: 'warehouseId' } } },
    async (request) => service.listStockChanges(db, request.params.warehouseId, request.query),
  );
}
