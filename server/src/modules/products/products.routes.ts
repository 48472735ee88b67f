import { idParamSchema } from '@letokruh/contracts/common';
import {
  availableProductsAnswerSchema,
  availableProductsQuerySchema,
  priceChangeSchema,
  productAddSchema,
  productAnswerSchema,
  productListAnswerSchema,
  productListQuerySchema,
  unhiddenProductsAnswerSchema,
} from '@letokruh/contracts/products';
import type { App } from '../../app-types.ts';
import * as service from './products.service.ts';

const tags = ['products'];

/** Products, their prices and the offer of a warehouse (part 2 §7, part 1 §7). */
export async function productRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/products',
    {
      schema: { tags, querystring: productListQuerySchema, response: { 200: productListAnswerSchema } },
      config: { access: { permission: 'view_product' } },
    },
    async (request) => service.listProducts(db, request.query),
  );

  app.get(
    '/product/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: productAnswerSchema } },
      config: { access: { permission: 'view_product' } },
    },
    async (request) => ({ item: await service.getProduct(db, request.params.id) }),
  );

  app.post(
    '/product/add',
    {
      schema: { tags, body: productAddSchema, response: { 201: productAnswerSchema } },
      config: { access: { permission: 'add_product' } },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await service.addProduct(db, request.user!.id, request.body) }),
  );

  app.put(
    '/product/:id/change_price',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: priceChangeSchema,
        response: { 200: productAnswerSchema },
      },
      config: { access: { permission: 'change_product' } },
    },
    async (request) => ({
      item: await service.changePrice(db, request.user!.id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/product/:id/delete',
    {
      schema: { tags, params: idParamSchema, response: { 200: productAnswerSchema } },
      config: { access: { permission: 'delete_product' } },
    },
    async (request) => ({ item: await service.removeFromOffer(db, request.params.id) }),
  );

  app.get(
    '/unhidden_products',
    {
      schema: { tags, response: { 200: unhiddenProductsAnswerSchema } },
      config: { access: { permission: 'view_product' } },
    },
    async () => service.listUnhiddenProducts(db),
  );

  // The order items step (part 1 §7): whoever takes orders sees the products they can sell.
  app.get(
    '/available_products',
    {
      schema: {
        tags,
        querystring: availableProductsQuerySchema,
        response: { 200: availableProductsAnswerSchema },
      },
      config: { access: { anyPermission: ['view_product', 'add_order', 'change_order'] } },
    },
    async (request) => service.availableProducts(db, request.query.warehouse_id, request.query.currency),
  );
}
