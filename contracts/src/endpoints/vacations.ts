import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
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
} from '../vacations.ts';

/**
 * Vacations of warehouses and drivers with domain.md's paths (domain.md §2.7) and the calendar's two
 * calls (domain.md §1.7). Deactivating has the words of its path the other way round in domain.md.
 */
export const vacationsEndpoints = {
  warehouseList: endpoint('GET /warehouse_vacations', {
    query: warehouseVacationListQuerySchema,
    answers: { 200: warehouseVacationListAnswerSchema },
  }),
  warehouseAdd: endpoint('POST /warehouse_vacation/add', {
    body: warehouseVacationInputSchema,
    answers: { 201: warehouseVacationAnswerSchema },
  }),
  warehouseDetail: endpoint('GET /warehouse_vacation/:id', {
    params: idParamSchema,
    answers: { 200: warehouseVacationAnswerSchema },
  }),
  warehouseEdit: endpoint('PUT /warehouse_vacation/:id/edit', {
    params: idParamSchema,
    body: warehouseVacationInputSchema,
    answers: { 200: warehouseVacationAnswerSchema },
  }),
  warehouseDeactivate: endpoint('DELETE /vacation_warehouse/:id/delete', {
    params: idParamSchema,
    answers: { 200: warehouseVacationAnswerSchema },
  }),
  userList: endpoint('GET /user_vacations', {
    query: userVacationListQuerySchema,
    answers: { 200: userVacationListAnswerSchema },
  }),
  userAdd: endpoint('POST /user_vacation/add', {
    body: userVacationInputSchema,
    answers: { 201: userVacationAnswerSchema },
  }),
  userDetail: endpoint('GET /user_vacation/:id', {
    params: idParamSchema,
    answers: { 200: userVacationAnswerSchema },
  }),
  userEdit: endpoint('PUT /user_vacation/:id/edit', {
    params: idParamSchema,
    body: userVacationInputSchema,
    answers: { 200: userVacationAnswerSchema },
  }),
  userDeactivate: endpoint('DELETE /vacation_user/:id/delete', {
    params: idParamSchema,
    answers: { 200: userVacationAnswerSchema },
  }),
  /** Served at /api/api/get-vacations: domain.md §1.7 names it with an /api of its own. */
  calendarClosures: endpoint('GET /api/get-vacations', {
    query: calendarVacationsQuerySchema,
    answers: { 200: calendarClosuresAnswerSchema },
  }),
  calendarDriverVacations: endpoint('GET /api/get-drivers-vacations', {
    query: calendarDriversVacationsQuerySchema,
    answers: { 200: calendarDriverVacationsAnswerSchema },
  }),
};
