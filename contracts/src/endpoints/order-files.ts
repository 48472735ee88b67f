import { idParamSchema, okAnswerSchema } from '../common.ts';
import { endpoint, fileDownload } from '../endpoint.ts';
import { fileAnswerSchema, filePathSchema } from '../files.ts';

/** The files container of the order detail (part 1 §2, §7): Dodací list, Faktura, Jiné. */
export const orderFilesEndpoints = {
  addFile: endpoint('POST /order/:id/files/add', {
    params: idParamSchema,
    upload: true,
    answers: { 201: fileAnswerSchema },
  }),
  deleteFile: endpoint('DELETE /order/:id/files/:fileId/delete', {
    params: filePathSchema,
    answers: { 200: okAnswerSchema },
  }),
  downloadFile: endpoint('GET /order/:id/files/:fileId/download', {
    params: filePathSchema,
    answers: { 200: fileDownload },
  }),
};
