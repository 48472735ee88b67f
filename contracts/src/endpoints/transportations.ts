import { idParamSchema, okAnswerSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { fileEndpoints } from '../files.ts';
import {
  transportationAnswerSchema,
  transportationDataSchema,
  transportationListAnswerSchema,
  transportationListQuerySchema,
  transportationPayloadSchema,
} from '../transportations.ts';

/** Wood hauls with their files (domain.md §2.7). */
export const transportationsEndpoints = {
  list: endpoint('GET /transportations', {
    query: transportationListQuerySchema,
    answers: { 200: transportationListAnswerSchema },
  }),
  data: endpoint('GET /transportations/data', { answers: { 200: transportationDataSchema } }),
  add: endpoint('POST /transportation/add', {
    body: transportationPayloadSchema,
    answers: { 201: transportationAnswerSchema },
  }),
  detail: endpoint('GET /transportation/:id', {
    params: idParamSchema,
    answers: { 200: transportationAnswerSchema },
  }),
  edit: endpoint('PUT /transportation/:id/edit', {
    params: idParamSchema,
    body: transportationPayloadSchema,
    answers: { 200: transportationAnswerSchema },
  }),
  remove: endpoint('DELETE /transportation/:id/delete', {
    params: idParamSchema,
    answers: { 200: okAnswerSchema },
  }),
  ...fileEndpoints('transportation'),
};
