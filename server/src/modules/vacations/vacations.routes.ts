import { idParamSchema } from '@letokruh/contracts/common';
import {
  calendarClosuresAnswerSchema,
  calendarDriversVacationsQuerySchema,
  calendarDriverVacationsAnswerSchema,
  calendarVacationsQuerySchema,
  userVacationAnswerSchema,
  userVacationInputSchema,
  userVacationListAnswerSchema,
  userVacationListQuerySchema,
  warehouseVacationAnswerSchema,
  warehouseVacationInputSchema,
  warehouseVacationListAnswerSchema,
  warehouseVacationListQuerySchema,
} from '@letokruh/contracts/vacations';
import type { App } from '../../app-types.ts';
import { calendarClosures, calendarDriverVacations } from './calendar.service.ts';
import * as service from './vacations.service.ts';

const tags = ['vacations'];

/** Vacations of warehouses and drivers with the spec's paths (part 2 §7) and the calendar's two calls. */
export async function vacationRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/warehouse_vacations',
    {
      schema: {
        tags,
        querystring: warehouseVacationListQuerySchema,
        response: { 200: warehouseVacationListAnswerSchema },
      },
      config: { access: { permission: 'view_vacationwarehouse' } },
    },
    async (request) => service.listWarehouseVacations(db, request.query, request.user!),
  );

  app.post(
    '/warehouse_vacation/add',
    {
      schema: { tags, body: warehouseVacationInputSchema, response: { 201: warehouseVacationAnswerSchema } },
      config: { access: { permission: 'add_vacationwarehouse' } },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await service.addWarehouseVacation(db, request.body, request.user!) }),
  );

  app.get(
    '/warehouse_vacation/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: warehouseVacationAnswerSchema } },
      config: { scopedBy: { warehouseVacation: 'id' }, access: { permission: 'view_vacationwarehouse' } },
    },
    async (request) => ({ item: await service.getWarehouseVacation(db, request.params.id) }),
  );

  app.put(
    '/warehouse_vacation/:id/edit',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: warehouseVacationInputSchema,
        response: { 200: warehouseVacationAnswerSchema },
      },
      config: { scopedBy: { warehouseVacation: 'id' }, access: { permission: 'change_vacationwarehouse' } },
    },
    async (request) => ({
      item: await service.editWarehouseVacation(db, request.params.id, request.body),
    }),
  );

  // The spec's path puts the words the other way round here (part 2 §7).
  app.delete(
    '/vacation_warehouse/:id/delete',
    {
      schema: { tags, params: idParamSchema, response: { 200: warehouseVacationAnswerSchema } },
      config: { scopedBy: { warehouseVacation: 'id' }, access: { permission: 'delete_vacationwarehouse' } },
    },
    async (request) => ({
      item: await service.deactivateWarehouseVacation(db, request.params.id, request.user!),
    }),
  );

  app.get(
    '/user_vacations',
    {
      schema: {
        tags,
        querystring: userVacationListQuerySchema,
        response: { 200: userVacationListAnswerSchema },
      },
      config: { access: { permission: 'view_vacationuser' } },
    },
    async (request) => service.listUserVacations(db, request.query, request.user!),
  );

  app.post(
    '/user_vacation/add',
    {
      schema: { tags, body: userVacationInputSchema, response: { 201: userVacationAnswerSchema } },
      config: { access: { permission: 'add_vacationuser' } },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await service.addUserVacation(db, request.body, request.user!) }),
  );

  app.get(
    '/user_vacation/:id',
    {
      schema: { tags, params: idParamSchema, response: { 200: userVacationAnswerSchema } },
      config: { scopedBy: { userVacation: 'id' }, access: { permission: 'view_vacationuser' } },
    },
    async (request) => ({ item: await service.getUserVacation(db, request.params.id) }),
  );

  app.put(
    '/user_vacation/:id/edit',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: userVacationInputSchema,
        response: { 200: userVacationAnswerSchema },
      },
      config: { scopedBy: { userVacation: 'id' }, access: { permission: 'change_vacationuser' } },
    },
    async (request) => ({ item: await service.editUserVacation(db, request.params.id, request.body) }),
  );

  app.delete(
    '/vacation_user/:id/delete',
    {
      schema: { tags, params: idParamSchema, response: { 200: userVacationAnswerSchema } },
      config: { scopedBy: { userVacation: 'id' }, access: { permission: 'delete_vacationuser' } },
    },
    async (request) => ({
      item: await service.deactivateUserVacation(db, request.params.id, request.user!),
    }),
  );

  // Part 1 §7 names these with an /api of their own: served at /api/api/… (DESIGN §2). Every
  // logged-in user sees the calendar, so closures and drivers' days off are for everyone.
  app.get(
    '/api/get-vacations',
    {
      schema: {
        tags,
        querystring: calendarVacationsQuerySchema,
        response: { 200: calendarClosuresAnswerSchema },
      },
      config: { access: 'loggedIn' },
    },
    async (request) => calendarClosures(db, request.query, request.user!),
  );

  app.get(
    '/api/get-drivers-vacations',
    {
      schema: {
        tags,
        querystring: calendarDriversVacationsQuerySchema,
        response: { 200: calendarDriverVacationsAnswerSchema },
      },
      config: { access: 'loggedIn' },
    },
    async (request) => calendarDriverVacations(db, request.query, request.user!),
  );
}
