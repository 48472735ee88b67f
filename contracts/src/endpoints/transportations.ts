import { idParamSchema, okAnswerSchema } from '../common.ts';
import { endpoint, fileDownload } from '../endpoint.ts';
import { fileAnswerSchema, filePathSchema } from '../files.ts';
import {
  transportationAnswerSchema,
  transportationDataSchema,
  transportationListAnswerSchema,
  transportationListQuerySchema,
  transportationPayloadSchema,
} from '../transportations.ts';

/** Wood hauls with their files (part 2 §7). */
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
  addFile: endpoint('POST /transportation/:id/files/add', {
    params: idParamSchema,
    upload: true,
    answers: { 201: fileAnswerSchema },
  }),
  deleteFile: endpoint('DELETE /transportation/:id/files/:fileId/delete', {
    params: filePathSchema,
    answers: { 200: okAnswerSchema },
  }),
  downloadFile: endpoint('GET /transportation/:id/files/:fileId/download', {
    params: filePathSchema,
    answers: { 200: fileDownload },
  }),
};
