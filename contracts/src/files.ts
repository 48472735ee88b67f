import { z } from 'zod';
import { idParamSchema, okAnswerSchema } from './common.ts';
import { endpoint, fileDownload } from './endpoint.ts';

/** Files attached to customers, orders and transportations (domain.md §2.3 "File"). */
export const fileSchema = z
  .object({
    id: z.number().int(),
    /** The name the file was uploaded with. */
    name: z.string(),
    title: z.string(),
    file_type: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    /** id: the web app offers a driver the delete of the files they uploaded themselves (decision 0029). */
    uploaded_by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
    created: z.string(),
  })
  .meta({ id: 'File' });
export type FileItem = z.infer<typeof fileSchema>;

export const fileAnswerSchema = z.object({ item: fileSchema });

/** The text parts of an upload (multipart: title, file_type, file). */
export const fileUploadFieldsSchema = (types: readonly [string, ...string[]]) =>
  z.object({
    title: z.string().trim().min(1).max(200),
    file_type: z.enum(types),
  });

export const filePathSchema = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  fileId: z.coerce.number().int().positive().max(2147483647),
});

/** What keeps files: a customer, an order, a transportation (their paths' first segment). */
export type FileOwner = 'customer' | 'order' | 'transportation';

/** The three calls of an owner's files: upload (multipart), delete, download. */
export const fileEndpoints = <const O extends FileOwner>(owner: O) => ({
  addFile: endpoint(`POST /${owner}/:id/files/add`, {
    params: idParamSchema,
    upload: true,
    answers: { 201: fileAnswerSchema },
  }),
  deleteFile: endpoint(`DELETE /${owner}/:id/files/:fileId/delete`, {
    params: filePathSchema,
    answers: { 200: okAnswerSchema },
  }),
  downloadFile: endpoint(`GET /${owner}/:id/files/:fileId/download`, {
    params: filePathSchema,
    answers: { 200: fileDownload },
  }),
});

/** The file calls of any owner: what the web's files panel is given. */
export type FileEndpoints = ReturnType<typeof fileEndpoints<FileOwner>>;
