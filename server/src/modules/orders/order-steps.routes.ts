import { idParamSchema } from '@letokruh/contracts/common';
import { customerMayExistAnswerSchema } from '@letokruh/contracts/customers';
import {
  customerSearchAnswerSchema,
  customerSearchQuerySchema,
  internAnswerSchema,
  internConflictAnswerSchema,
  orderCarsAnswerSchema,
  orderCustomerPayloadSchema,
  orderDriversAnswerSchema,
  orderInternPayloadSchema,
  orderItemsPayloadSchema,
  warehouseDistanceAnswerSchema,
} from '@letokruh/contracts/order-steps';
import { orderAnswerSchema, orderIdPathSchema } from '@letokruh/contracts/orders';
import type { App } from '../../app-types.ts';
import type { Access } from '../../plugins/access.ts';
import { clashAnswer } from './clashes.ts';
import { findCustomers, setOrderCustomer } from './customer-step.service.ts';
import { saveIntern } from './intern-step.service.ts';
import { saveItems } from './items-step.service.ts';
import { orderCars, orderDrivers, warehouseDistances } from './order-resources.service.ts';

const tags = ['orders'];
/** The three steps serve creating (add_order) and editing (change_order) alike. */
const takesOrders: Access = { anyPermission: ['add_order', 'change_order'] };

/** The creation steps of part 1 §2 and the calls behind them (part 1 §7 "Creation steps"). */
export async function orderStepRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const answer = { params: idParamSchema, response: { 200: orderAnswerSchema } };

  app.get(
    '/api/get-customers/phone',
    {
      schema: { tags, querystring: customerSearchQuerySchema, response: { 200: customerSearchAnswerSchema } },
      config: { access: takesOrders },
    },
    async (request) => findCustomers(db, request.query),
  );

  app.post(
    '/order/:id/customer',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: orderCustomerPayloadSchema,
        response: { 200: orderAnswerSchema, 409: customerMayExistAnswerSchema },
      },
      config: { scopedBy: { order: 'id' }, access: takesOrders },
    },
    async (request) => ({ item: await setOrderCustomer(db, request.params.id, request.body, request.user!) }),
  );

  app.get(
    '/warehouse_distance/:orderId',
    {
      schema: { tags, params: orderIdPathSchema, response: { 200: warehouseDistanceAnswerSchema } },
      config: { scopedBy: { order: 'orderId' }, access: takesOrders },
    },
    async (request) => warehouseDistances(db, request.params.orderId),
  );

  app.post(
    '/order/:id/items',
    {
      schema: { tags, ...answer, body: orderItemsPayloadSchema },
      config: { scopedBy: { order: 'id' }, access: takesOrders },
    },
    async (request) => ({ item: await saveItems(db, request.params.id, request.body, request.user!.id) }),
  );

  app.get(
    '/order/:id/drivers',
    {
      schema: { tags, params: idParamSchema, response: { 200: orderDriversAnswerSchema } },
      config: { scopedBy: { order: 'id' }, access: takesOrders },
    },
    async (request) => orderDrivers(db, request.params.id),
  );

  app.get(
    '/order/:id/warehouse_cars',
    {
      schema: { tags, params: idParamSchema, response: { 200: orderCarsAnswerSchema } },
      config: { scopedBy: { order: 'id' }, access: takesOrders },
    },
    async (request) => orderCars(db, request.params.id),
  );

  app.post(
    '/order/:id/intern',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: orderInternPayloadSchema,
        response: { 200: internAnswerSchema, 409: internConflictAnswerSchema },
      },
      config: { scopedBy: { order: 'id' }, access: takesOrders },
    },
    async (request, reply) => {
      const result = await saveIntern(db, request.params.id, request.body);
      const answer = clashAnswer(result);
      return reply.status(answer.status).send(answer.body);
    },
  );
}
