import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  importBatchAnswerSchema,
  importBatchesAnswerSchema,
  importInUseAnswerSchema,
  spreadsheetImportBodySchema,
  spreadsheetPreviewAnswerSchema,
  spreadsheetPreviewBodySchema,
  spreadsheetUploadAnswerSchema,
} from '../spreadsheets.ts';

/** The office's spreadsheets (domain.md §2.14): upload, map and preview, import, undo. */
export const spreadsheetsEndpoints = {
  batches: endpoint('GET /spreadsheets', { answers: { 200: importBatchesAnswerSchema } }),
  upload: endpoint('POST /spreadsheet/upload', {
    upload: true,
    answers: { 201: spreadsheetUploadAnswerSchema },
  }),
  preview: endpoint('POST /spreadsheet/:id/preview', {
    params: idParamSchema,
    body: spreadsheetPreviewBodySchema,
    answers: { 200: spreadsheetPreviewAnswerSchema },
  }),
  import: endpoint('POST /spreadsheet/:id/import', {
    params: idParamSchema,
    body: spreadsheetImportBodySchema,
    answers: { 200: importBatchAnswerSchema },
  }),
  undo: endpoint('POST /spreadsheet/:id/undo', {
    params: idParamSchema,
    answers: { 200: importBatchAnswerSchema, 409: importInUseAnswerSchema },
  }),
};
