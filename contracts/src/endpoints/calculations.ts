import {
  calculationAnswerSchema,
  calculationOrderAnswerSchema,
  calculationPayloadSchema,
  calculationProductsAnswerSchema,
  calculationWarehousesAnswerSchema,
} from '../calculations.ts';
import { endpoint } from '../endpoint.ts';
import { availableProductsQuerySchema } from '../products.ts';

/** The calculations page (domain.md §3.3 Calculations page): quotes without an order, and an order from one. */
export const calculationsEndpoints = {
  warehouses: endpoint('GET /calculation/warehouses', {
    answers: { 200: calculationWarehousesAnswerSchema },
  }),
  products: endpoint('GET /calculation/products', {
    query: availableProductsQuerySchema,
    answers: { 200: calculationProductsAnswerSchema },
  }),
  quote: endpoint('POST /calculation', {
    body: calculationPayloadSchema,
    answers: { 200: calculationAnswerSchema },
  }),
  order: endpoint('POST /calculation/order', {
    body: calculationPayloadSchema,
    answers: { 201: calculationOrderAnswerSchema },
  }),
};
