import { warehousesEndpoints as e } from '@letokruh/contracts/endpoints/warehouses';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import * as service from './warehouses.service.ts';

const tags = ['warehouses'];

/** Warehouses, their cars, drivers and warehousemen (domain.md §2.7). */
export async function warehouseRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  route(app, e.list, { schema: { tags } }, async (request) => service.listWarehouses(db, request.query));

  // domain.md §1.7: the calendar's warehouse checkboxes; every logged-in user has some (or none).
  route(app, e.own, { schema: { tags } }, async (request) => service.listOwnWarehouses(db, request.user!));

  route(app, e.detail, { schema: { tags } }, async (request) => ({
    item: await service.getWarehouse(db, request.params.id),
  }));

  route(app, e.add, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send({ item: await service.addWarehouse(db, request.body) }),
  );

  // Name, address, staff and cars (decision 0021): not the stock work of change_warehouse.
  route(app, e.edit, { schema: { tags } }, async (request) => ({
    item: await service.editWarehouse(db, request.params.id, request.body, request.user!.id),
  }));

  route(app, e.hide, { schema: { tags } }, async (request) => ({
    item: await service.hideWarehouse(db, request.params.id),
  }));

  // The warehouse forms pick from these; the transportation form and the driver vacation form
  // pick a driver (domain.md §2.2).
  route(app, e.drivers, { schema: { tags } }, async () => service.listStaff(db, 'driver'));

  route(app, e.warehousemen, { schema: { tags } }, async () => service.listStaff(db, 'warehouseman'));
}
