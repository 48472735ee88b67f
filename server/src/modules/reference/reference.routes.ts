import { idParamSchema } from '@letokruh/contracts/common';
import {
  adtypeAnswerSchema,
  adtypeInputSchema,
  adtypesAnswerSchema,
  supplierAnswerSchema,
  supplierInputSchema,
  suppliersAnswerSchema,
} from '@letokruh/contracts/reference';
import type { App } from '../../app-types.ts';
import type { Access } from '../../plugins/access.ts';
import * as service from './reference.service.ts';

const tags = ['reference data'];
/** The owner keeps the reference data (issue 4), like the permissions screen: a function check. */
const ownerOnly: Access = { anyFunction: ['owner'] };

/** Suppliers and ad types (part 1 §7 GET /suppliers, GET /adtypes) and the owner's changes to them. */
export async function referenceRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  // Part 1 §6: listing suppliers is for the owner or dispatcher function (QR, delivery notes).
  app.get(
    '/suppliers',
    {
      schema: { tags, response: { 200: suppliersAnswerSchema } },
      // Part 1 §6 lists suppliers for owners and dispatchers; whoever may print a delivery note
      // (view_order) picks the supplier on it too (docs/decisions/0012-vacations-and-reference-data.md "Suppliers for delivery notes").
      config: { access: { anyOf: [{ anyFunction: ['owner', 'dispatcher'] }, { permission: 'view_order' }] } },
    },
    async () => service.listSuppliers(db),
  );

  app.post(
    '/supplier/add',
    {
      schema: { tags, body: supplierInputSchema, response: { 201: supplierAnswerSchema } },
      config: { access: ownerOnly },
    },
    async (request, reply) => reply.status(201).send({ item: await service.addSupplier(db, request.body) }),
  );

  app.put(
    '/supplier/:id/edit',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: supplierInputSchema,
        response: { 200: supplierAnswerSchema },
      },
      config: { access: ownerOnly },
    },
    async (request) => ({ item: await service.editSupplier(db, request.params.id, request.body) }),
  );

  app.delete(
    '/supplier/:id/delete',
    {
      schema: { tags, params: idParamSchema, response: { 200: supplierAnswerSchema } },
      config: { access: ownerOnly },
    },
    async (request) => ({ item: await service.removeSupplier(db, request.params.id) }),
  );

  // Part 1 §6: add_order loads the ad types (order list filter); the intern step of an order,
  // reached with change_order, picks one.
  app.get(
    '/adtypes',
    {
      schema: { tags, response: { 200: adtypesAnswerSchema } },
      config: { access: { anyPermission: ['add_order', 'change_order'] } },
    },
    async () => service.listAdtypes(db),
  );

  app.post(
    '/adtype/add',
    {
      schema: { tags, body: adtypeInputSchema, response: { 201: adtypeAnswerSchema } },
      config: { access: ownerOnly },
    },
    async (request, reply) => reply.status(201).send({ item: await service.addAdtype(db, request.body) }),
  );

  app.put(
    '/adtype/:id/edit',
    {
      schema: { tags, params: idParamSchema, body: adtypeInputSchema, response: { 200: adtypeAnswerSchema } },
      config: { access: ownerOnly },
    },
    async (request) => ({ item: await service.editAdtype(db, request.params.id, request.body) }),
  );

  app.delete(
    '/adtype/:id/delete',
    {
      schema: { tags, params: idParamSchema, response: { 200: adtypeAnswerSchema } },
      config: { access: ownerOnly },
    },
    async (request) => ({ item: await service.removeAdtype(db, request.params.id) }),
  );
}
