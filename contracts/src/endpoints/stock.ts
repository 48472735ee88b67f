import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
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
    answers: { 200: productStockAnswerSchema },
  }),
  update: endpoint('PUT /update_stock/:warehouseId/:productId', {
    params: stockPathSchema,
    body: stockUpdateSchema,
    answers: { 200: productStockAnswerSchema },
  }),
  changes: endpoint('GET /product_stock_changes/:warehouseId', {
    params: warehouseIdPathSchema,
    query: stockChangesQuerySchema,
    answers: { 200: stockChangesAnswerSchema },
  }),
};
