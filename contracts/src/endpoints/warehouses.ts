import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  ownWarehousesAnswerSchema,
  staffAnswerSchema,
  warehouseAddSchema,
  warehouseAnswerSchema,
  warehouseEditSchema,
  warehouseListAnswerSchema,
  warehouseListQuerySchema,
} from '../warehouses.ts';

/** Warehouses, their cars, drivers and warehousemen (domain.md §2.7). */
export const warehousesEndpoints = {
  list: endpoint('GET /warehouses', {
    query: warehouseListQuerySchema,
    answers: { 200: warehouseListAnswerSchema },
  }),
  own: endpoint('GET /warehouses/own', { answers: { 200: ownWarehousesAnswerSchema } }),
  detail: endpoint('GET /warehouse/:id', {
    params: idParamSchema,
    answers: { 200: warehouseAnswerSchema },
  }),
  add: endpoint('POST /warehouse/add', {
    body: warehouseAddSchema,
    answers: { 201: warehouseAnswerSchema },
  }),
  edit: endpoint('PUT /warehouse/:id/edit', {
    params: idParamSchema,
    body: warehouseEditSchema,
    answers: { 200: warehouseAnswerSchema },
  }),
  hide: endpoint('DELETE /warehouse/:id/hide', {
    params: idParamSchema,
    answers: { 200: warehouseAnswerSchema },
  }),
  drivers: endpoint('GET /drivers', { answers: { 200: staffAnswerSchema } }),
  warehousemen: endpoint('GET /warehousemen', { answers: { 200: staffAnswerSchema } }),
};
