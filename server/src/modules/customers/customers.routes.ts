import { customerFileTypes, phonePrefixes } from '@letokruh/contracts/customers';
import { customersEndpoints as e } from '@letokruh/contracts/endpoints/customers';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { fileRoutes } from '../files/index.ts';
import * as service from './customers.service.ts';

const tags = ['customers'];

/** Customers, their files and the phone prefixes (domain.md §2.7). */
export async function customerRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  route(app, e.list, { schema: { tags } }, async (request) => service.listCustomers(db, request.query));

  route(app, e.add, { schema: { tags } }, async (request, reply) => {
    const mayView = request.user!.permissions.has('view_customer');
    return reply.status(201).send({ item: await service.addCustomer(db, request.body, { mayView }) });
  });

  // The customer's detail, which lists their orders, is the orders module's route (orders/list/order-list.routes.ts).

  route(app, e.edit, { schema: { tags } }, async (request) => ({
    item: await service.editCustomer(db, request.params.id, request.body),
  }));

  // domain.md §2.2 and §3.3: the to-contact flag is the dispatcher's, a function check.
  route(app, e.toggleToContact, { schema: { tags } }, async (request) => ({
    item: await service.toggleToContact(db, request.params.id),
  }));

  fileRoutes(app, {
    owner: 'customer',
    endpoints: e,
    fileTypes: customerFileTypes,
    tags,
    requireOwner: (id) => service.requireCustomer(db, id),
  });

  route(app, e.phonePrefixes, { schema: { tags } }, async () => ({
    items: phonePrefixes.map((p) => ({ ...p })),
  }));
}
