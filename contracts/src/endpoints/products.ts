import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  availableProductsAnswerSchema,
  availableProductsQuerySchema,
  priceChangeSchema,
  productAddSchema,
  productAnswerSchema,
  productListAnswerSchema,
  productListQuerySchema,
  unhiddenProductsAnswerSchema,
} from '../products.ts';

/** Products, their prices and the offer of a warehouse (domain.md §2.7, §1.7). */
export const productsEndpoints = {
  list: endpoint('GET /products', {
    query: productListQuerySchema,
    answers: { 200: productListAnswerSchema },
  }),
  detail: endpoint('GET /product/:id', {
    params: idParamSchema,
    answers: { 200: productAnswerSchema },
  }),
  add: endpoint('POST /product/add', {
    body: productAddSchema,
    answers: { 201: productAnswerSchema },
  }),
  changePrice: endpoint('PUT /product/:id/change_price', {
    params: idParamSchema,
    body: priceChangeSchema,
    answers: { 200: productAnswerSchema },
  }),
  remove: endpoint('DELETE /product/:id/delete', {
    params: idParamSchema,
    answers: { 200: productAnswerSchema },
  }),
  unhidden: endpoint('GET /unhidden_products', { answers: { 200: unhiddenProductsAnswerSchema } }),
  available: endpoint('GET /available_products', {
    query: availableProductsQuerySchema,
    answers: { 200: availableProductsAnswerSchema },
  }),
};
