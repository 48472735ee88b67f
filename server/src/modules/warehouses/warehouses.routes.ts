import { idParamSchema } from '@letokruh/contracts/common';
import {
  ownWarehousesAnswerSchema,
  staffAnswerSchema,
  warehouseAddSchema,
  warehouseAnswerSchema,
  warehouseEditSchema,
  warehouseListAnswerSchema,
  warehouseListQuerySchema,
} from '@letokruh/contracts/warehouses';
import type { App } from '../../app-types.ts';
import { registerWarehouseScope } from './warehouse-scope.ts';
import * as service from './warehouses.service.ts';

const tags = ['warehouses'];

/** Warehouses, their cars, drivers and warehousemen (part 2 §7). */
export async function warehouseRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  // The per-warehouse scope of every route declaring `config.scopedBy` (issue 13 §3).
  registerWarehouseScope(app, db);

  app.get(
    '/warehouses',
    {
      schema: { tags, querystring: warehouseListQuerySchema, response: { 200: warehouseListAnswerSchema } },
      config: { access: { permission: 'view_warehouse' } },
    },
    async (request) => service.listWarehouses(db, request.query),
  );

  // Part 1 §7: the calendar's warehouse checkboxes; every logged-in user has some (or none).
  app.get(
    '/warehouses/own',
    { schema: { tags, response: { 200: ownWarehousesAnswerSchema } }, config: { access: 'loggedIn' } },
    async (request) => service.listOwnWarehouses(db, request.user!),
  );

  app.get(
    '/warehouse/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: warehouseAnswerSchema } },
      config: { access: { permission: 'view_warehouse' } },
    },
    async (request) => ({ item: await service.getWarehouse(db, request.params.id) }),
  );

  app.post(
    '/warehouse/add',
    {
      schema: { tags, body: warehouseAddSchema, response: { 201: warehouseAnswerSchema } },
      config: { access: { permission: 'add_warehouse' } },
    },
    async (request, reply) => reply.status(201).send({ item: await service.addWarehouse(db, request.body) }),
  );

  app.put(
    '/warehouse/:id/edit',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: warehouseEditSchema,
        response: { 200: warehouseAnswerSchema },
      },
      // Name, address, staff and cars (issue 13 §3): not the stock work of change_warehouse.
      config: { access: { permission: 'manage_warehouse' } },
    },
    async (request) => ({ item: await service.editWarehouse(db, request.params.id, request.body) }),
  );

  app.delete(
    '/warehouse/:id/hide',
    {
      schema: { tags, params: idParamSchema, response: { 200: warehouseAnswerSchema } },
      config: { access: { permission: 'delete_warehouse' } },
    },
    async (request) => ({ item: await service.hideWarehouse(db, request.params.id) }),
  );

  // The warehouse forms pick from these; the transportation form and the driver vacation form
  // pick a driver (part 2 §2).
  app.get(
    '/drivers',
    {
      schema: { tags, response: { 200: staffAnswerSchema } },
      config: {
        access: {
          anyPermission: ['view_warehouse', 'view_transportation', 'add_vacationuser', 'change_vacationuser'],
        },
      },
    },
    async () => service.listStaff(db, 'driver'),
  );

  app.get(
    '/warehousemen',
    {
      schema: { tags, response: { 200: staffAnswerSchema } },
      config: { access: { permission: 'view_warehouse' } },
    },
    async () => service.listStaff(db, 'warehouseman'),
  );
}
