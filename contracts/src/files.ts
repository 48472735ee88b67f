import { z } from 'zod';

/** Files attached to customers, orders and transportations (part 2 §3 "File"). */
export const fileSchema = z
  .object({
    id: z.number().int(),
    /** The name the file was uploaded with. */
    name: z.string(),
    title: z.string(),
    file_type: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    /** id: the web app offers a driver the delete of the files they uploaded themselves (issue 14). */
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
