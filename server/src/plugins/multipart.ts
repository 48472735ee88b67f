import { ErrorCode } from '@letokruh/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { AppError, badInput } from './errors.ts';

export type ReadForm = {
  fields: Record<string, string>;
  /** Every file part, read whole (the plugin's `files` limit keeps them few). */
  files: { fieldname: string; data: Buffer; name: string; type: string }[];
};

/** A refusal Fastify or the multipart plugin made with its own 4xx status and code (limits). */
const isClientError = (error: unknown): boolean => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return error instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500);
};

/**
 * Reads a whole multipart/form-data body: the one way every upload route reads its form (decision 0022).
 * The parser's own faults (no or wrong boundary, a body cut short, a malformed part header) are
 * plain errors; they are the client's, so they answer 400 / 120 instead of a 500. A field value cut
 * at the parser's `fieldSize` answers 413 / 121 instead of being stored shortened. The limits of
 * the plugin (app.ts) answer 413 through the error handler's table.
 */
export async function readForm(
  request: FastifyRequest,
  limits: { fileSize?: number; files?: number } = {},
): Promise<ReadForm> {
  const form: ReadForm = { fields: {}, files: [] };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        form.files.push({
          fieldname: part.fieldname,
          data: await part.toBuffer(),
          name: part.filename,
          type: part.mimetype,
        });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError(413, ErrorCode.payloadTooLarge, `The form field ${part.fieldname} is too long`);
        }
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isClientError(error)) throw error;
    throw badInput(`Malformed multipart body: ${String((error as Error)?.message ?? error).slice(0, 100)}`);
  }
  return form;
}
