import { vacationsEndpoints as e } from '@letokruh/contracts/endpoints/vacations';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { calendarClosures, calendarDriverVacations } from './calendar.service.ts';
import * as service from './vacations.service.ts';

const tags = ['vacations'];
/** A driver or warehouseman gets 404 for a vacation outside their warehouses (decision 0021). */
const warehouseVacation = { schema: { tags }, config: { scopedBy: { warehouseVacation: 'id' } } };
const userVacation = { schema: { tags }, config: { scopedBy: { userVacation: 'id' } } };

/**
 * Vacations of warehouses and drivers with domain.md's paths (domain.md §2.7), one flow for both
 * (vacations.service.ts), and the calendar's two calls.
 */
export async function vacationRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  route(app, e.warehouseList, { schema: { tags } }, async (request) =>
    service.listVacations(db, 'warehouse', request.query, request.user!),
  );
  route(app, e.warehouseAdd, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send({ item: await service.addVacation(db, 'warehouse', request.body, request.user!) }),
  );
  route(app, e.warehouseDetail, warehouseVacation, async (request) => ({
    item: await service.getVacation(db, 'warehouse', request.params.id),
  }));
  route(app, e.warehouseEdit, warehouseVacation, async (request) => ({
    item: await service.editVacation(db, 'warehouse', request.params.id, request.body),
  }));
  // domain.md's path puts the words the other way round here (domain.md §2.7).
  route(app, e.warehouseDeactivate, warehouseVacation, async (request) => ({
    item: await service.deactivateVacation(db, 'warehouse', request.params.id, request.user!),
  }));

  route(app, e.userList, { schema: { tags } }, async (request) =>
    service.listVacations(db, 'user', request.query, request.user!),
  );
  route(app, e.userAdd, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send({ item: await service.addVacation(db, 'user', request.body, request.user!) }),
  );
  route(app, e.userDetail, userVacation, async (request) => ({
    item: await service.getVacation(db, 'user', request.params.id),
  }));
  route(app, e.userEdit, userVacation, async (request) => ({
    item: await service.editVacation(db, 'user', request.params.id, request.body),
  }));
  route(app, e.userDeactivate, userVacation, async (request) => ({
    item: await service.deactivateVacation(db, 'user', request.params.id, request.user!),
  }));

  // domain.md §1.7 names these with an /api of their own: served at /api/api/… (domain.md §3.2). Every
  // logged-in user sees the calendar, so closures and drivers' days off are for everyone.
  route(app, e.calendarClosures, { schema: { tags } }, async (request) =>
    calendarClosures(db, request.query, request.user!),
  );
  route(app, e.calendarDriverVacations, { schema: { tags } }, async (request) =>
    calendarDriverVacations(db, request.query, request.user!),
  );
}
