import { referenceEndpoints as e } from '@letokruh/contracts/endpoints/reference';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import * as service from './reference.service.ts';

const tags = ['reference data'];

/**
 * Suppliers and ad types (domain.md §1.7 GET /suppliers, GET /adtypes) and the owner's changes to them.
 * The owner keeps the reference data (decision 0012), like the permissions screen: a function check.
 */
export async function referenceRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  // domain.md §1.6 lists suppliers for owners and dispatchers; whoever may print a delivery note
  // (view_order) picks the supplier on it too (docs/decisions/0012-vacations-and-reference-data.md "Suppliers for delivery notes").
  route(app, e.suppliers, { schema: { tags } }, async () => service.listSuppliers(db));

  route(app, e.addSupplier, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send({ item: await service.addSupplier(db, request.body) }),
  );

  route(app, e.editSupplier, { schema: { tags } }, async (request) => ({
    item: await service.editSupplier(db, request.params.id, request.body),
  }));

  route(app, e.removeSupplier, { schema: { tags } }, async (request) => ({
    item: await service.removeSupplier(db, request.params.id),
  }));

  // domain.md §1.6: add_order loads the ad types (order list filter); the intern step of an order,
  // reached with change_order, picks one.
  route(app, e.adtypes, { schema: { tags } }, async () => service.listAdtypes(db));

  route(app, e.addAdtype, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send({ item: await service.addAdtype(db, request.body) }),
  );

  route(app, e.editAdtype, { schema: { tags } }, async (request) => ({
    item: await service.editAdtype(db, request.params.id, request.body),
  }));

  route(app, e.removeAdtype, { schema: { tags } }, async (request) => ({
    item: await service.removeAdtype(db, request.params.id),
  }));
}
