import { idParamSchema } from '@letokruh/contracts/common';
import {
  addProductToWarehouseSchema,
  productStockAnswerSchema,
  productStockListAnswerSchema,
  productStockListQuerySchema,
  stockChangesAnswerSchema,
  stockChangesQuerySchema,
  stockPathSchema,
  stockUpdateSchema,
  warehouseIdPathSchema,
} from '@letokruh/contracts/stock';
import type { App } from '../../app-types.ts';
import * as service from './stock.service.ts';

const tags = ['stock'];

/** Stock of a warehouse, its changes and their history (part 2 §2, §7). */
export async function stockRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/warehouse/:id/product_stock',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: productStockListQuerySchema,
        response: { 200: productStockListAnswerSchema },
      },
      config: { access: { permission: 'view_warehouse' } },
    },
    async (request) => service.listProductStock(db, request.params.id, request.query),
  );

  app.post(
    '/warehouse/:id/add_product',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: addProductToWarehouseSchema,
        response: { 201: productStockAnswerSchema },
      },
      config: { scopedBy: { warehouse: 'id' }, access: { permission: 'change_warehouse' } },
    },
    async (request, reply) =>
      reply.status(201).send({
        item: await service.addProductToWarehouse(db, request.params.id, request.body.product_id),
      }),
  );

  // Not in the spec's table: the stock change page shows the current amount (part 2 §2).
  app.get(
    '/update_stock/:warehouseId/:productId',
    {
      schema: { tags, params: stockPathSchema, response: { 200: productStockAnswerSchema } },
      config: { access: { permission: 'view_warehouse' } },
    },
    async (request) => ({
      item: await service.getStock(db, request.params.warehouseId, request.params.productId),
    }),
  );

  app.put(
    '/update_stock/:warehouseId/:productId',
    {
      schema: {
        tags,
        params: stockPathSchema,
        body: stockUpdateSchema,
        response: { 200: productStockAnswerSchema },
      },
      config: { scopedBy: { warehouse: 'warehouseId' }, access: { permission: 'change_warehouse' } },
    },
    async (request) => {
      const { warehouseId, productId } = request.params;
      return {
        item: await service.updateStock(db, request.user!.id, warehouseId, productId, request.body.amount),
      };
    },
  );

  // The stock change history is shown only with change_warehouse (part 2 §2).
  app.get(
    '/product_stock_changes/:warehouseId',
    {
      schema: {
        tags,
        params: warehouseIdPathSchema,
        querystring: stockChangesQuerySchema,
        response: { 200: stockChangesAnswerSchema },
      },
      config: { scopedBy: { warehouse: 'warehouseId' }, access: { permission: 'change_warehouse' } },
    },
    async (request) => service.listStockChanges(db, request.params.warehouseId, request.query),
  );
}
