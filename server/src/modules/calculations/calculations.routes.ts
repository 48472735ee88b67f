import {
  calculationAnswerSchema,
  calculationOrderAnswerSchema,
  calculationPayloadSchema,
  calculationProductsAnswerSchema,
  calculationWarehousesAnswerSchema,
} from '@letokruh/contracts/calculations';
import { availableProductsQuerySchema } from '@letokruh/contracts/products';
import type { App } from '../../app-types.ts';
import * as service from './calculations.service.ts';

const tags = ['calculations'];

/**
 * The calculations page (part 2 §2 navigation: view_calculation; DESIGN §3). The page's own
 * warehouse and product lists answer to view_calculation, so a quote never needs view_product or
 * view_warehouse; turning a quote into an order needs add_order as creating one does.
 */
export async function calculationRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const access = { permission: 'view_calculation' } as const;

  app.get(
    '/calculation/warehouses',
    { schema: { tags, response: { 200: calculationWarehousesAnswerSchema } }, config: { access } },
    async () => service.calculationWarehouses(db),
  );

  app.get(
    '/calculation/products',
    {
      schema: {
        tags,
        querystring: availableProductsQuerySchema,
        response: { 200: calculationProductsAnswerSchema },
      },
      config: { access },
    },
    async (request) => service.calculationProducts(db, request.query.warehouse_id, request.query.currency),
  );

  app.post(
    '/calculation',
    {
      schema: { tags, body: calculationPayloadSchema, response: { 200: calculationAnswerSchema } },
      config: { access },
    },
    async (request) => service.calculate(db, request.body),
  );

  app.post(
    '/calculation/order',
    {
      schema: { tags, body: calculationPayloadSchema, response: { 201: calculationOrderAnswerSchema } },
      config: { access: { permission: ['view_calculation', 'add_order'] } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.orderFromQuote(db, request.body, request.user!.id)),
  );
}
