import { idParamSchema } from '../common.ts';
import { customerMayExistAnswerSchema } from '../customers.ts';
import { endpoint } from '../endpoint.ts';
import {
  customerSearchAnswerSchema,
  customerSearchQuerySchema,
  internAnswerSchema,
  internConflictAnswerSchema,
  itemsConflictAnswerSchema,
  orderCarsAnswerSchema,
  orderCustomerPayloadSchema,
  orderDriversAnswerSchema,
  orderInternPayloadSchema,
  orderItemsPayloadSchema,
  warehouseDistanceAnswerSchema,
} from '../order-steps.ts';
import { orderAnswerSchema, orderIdPathSchema } from '../orders.ts';

/** The creation steps of an order and the calls behind them (domain.md §1.2, §1.7 "Creation steps"). */
export const orderStepsEndpoints = {
  customerSearch: endpoint('GET /api/get-customers/phone', {
    query: customerSearchQuerySchema,
    answers: { 200: customerSearchAnswerSchema },
  }),
  saveCustomer: endpoint('POST /order/:id/customer', {
    params: idParamSchema,
    body: orderCustomerPayloadSchema,
    answers: { 200: orderAnswerSchema, 409: customerMayExistAnswerSchema },
  }),
  warehouseDistance: endpoint('GET /warehouse_distance/:orderId', {
    params: orderIdPathSchema,
    answers: { 200: warehouseDistanceAnswerSchema },
  }),
  saveItems: endpoint('POST /order/:id/items', {
    params: idParamSchema,
    body: orderItemsPayloadSchema,
    answers: { 200: orderAnswerSchema, 409: itemsConflictAnswerSchema },
  }),
  drivers: endpoint('GET /order/:id/drivers', {
    params: idParamSchema,
    answers: { 200: orderDriversAnswerSchema },
  }),
  cars: endpoint('GET /order/:id/warehouse_cars', {
    params: idParamSchema,
    answers: { 200: orderCarsAnswerSchema },
  }),
  saveIntern: endpoint('POST /order/:id/intern', {
    params: idParamSchema,
    body: orderInternPayloadSchema,
    answers: { 200: internAnswerSchema, 409: internConflictAnswerSchema },
  }),
};
