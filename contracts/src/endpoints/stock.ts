import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  addProductToWarehouseSchema,
  productStockAnswerSchema,
  productStockByWarehouseAnswerSchema,
  productStockListAnswerSchema,
  productStockListQuerySchema,
  projectionQuerySchema,
  stockChangesAnswerSchema,
  stockChangesQuerySchema,
  stockPathSchema,
  stockUpdateSchema,
  warehouseIdPathSchema,
} from '../stock.ts';

/** Stock of a warehouse, its changes and their history (domain.md §2.2, §2.7). */
export const stockEndpoints = {
  list: endpoint('GET /warehouse/:id/product_stock', {
    params: idParamSchema,
    query: productStockListQuerySchema,
    answers: { 200: productStockListAnswerSchema },
  }),
  addProduct: endpoint('POST /warehouse/:id/add_product', {
    params: idParamSchema,
    body: addProductToWarehouseSchema,
    answers: { 201: productStockAnswerSchema },
  }),
  detail: endpoint('GET /update_stock/:warehouseId/:productId', {
    params: stockPathSchema,
    query: projectionQuerySchema,
    answers: { 200: productStockAnswerSchema },
  }),
  update: endpoint('PUT /update_stock/:warehouseId/:productId', {
    params: stockPathSchema,
    body: stockUpdateSchema,
    answers: { 200: productStockAnswerSchema },
  }),
  /** Decision 0064: one product's stock, reserved, available and projected in each warehouse. */
  byWarehouse: endpoint('GET /product/:id/stock', {
    params: idParamSchema,
    query: projectionQuerySchema,
    answers: { 200: productStockByWarehouseAnswerSchema },
  }),
  changes: endpoint('GET /product_stock_changes/:warehouseId', {
    params: warehouseIdPathSchema,
    query: stockChangesQuerySchema,
    answers: { 200: stockChangesAnswerSchema },
  }),
};
