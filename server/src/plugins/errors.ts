import http from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type ErrorCodeValue } from '@letokruh/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An answer the client caused: carries the status and the error code the web app translates. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCodeValue,
    message: string,
    readonly fields?: string[],
    /** Keys the answer carries besides the code (e.g. the matches of customerMayExist). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, ErrorCode.notFound, what);
export const badInput = (message: string, fields?: string[]) =>
  new AppError(400, ErrorCode.invalidInput, message, fields);
export const conflict = (message: string) => new AppError(409, ErrorCode.conflict, message);
/** Decision 0030: a transition of a draft, or a discard of an order that is no draft. */
export const draftConflict = (draft: boolean, message: string) =>
  new AppError(409, draft ? ErrorCode.orderIsDraft : ErrorCode.orderIsNotDraft, message);

const clientErrorCodes: Record<string, { status: number; code: ErrorCodeValue }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.payloadTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ErrorCode.payloadTooLarge },
  FST_FILES_LIMIT: { status: 413, code: ErrorCode.payloadTooLarge },
  FST_PARTS_LIMIT: { status: 413, code: ErrorCode.payloadTooLarge },
  FST_FIELDS_LIMIT: { status: 413, code: ErrorCode.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.invalidInput },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, code: ErrorCode.invalidInput },
};

/** The first place in a value where a string holds a NUL character, which PostgreSQL cannot store. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Text with a NUL character is refused before any handler runs (400 naming the field): PostgreSQL
 * would refuse it half-way through a change otherwise (found by the fuzzing test, decision 0020).
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const field = nulAt(value, '');
      if (field !== null) throw badInput('Text must not contain the NUL character', field ? [field] : []);
    }
  });
}

/** Connection-level failures of node-postgres and PostgreSQL's own (SQLSTATE classes 08, 57P, 53300). */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const unreachableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

/** Whether the error, or one of its causes (Drizzle wraps the driver's error), has one of `codes` or a message `messages` matches. */
function causedBy(error: unknown, codes: Set<string>, messages: RegExp): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    if (messages.test(e.message)) return true;
  }
  return false;
}

/**
 * Decision 0045, faults: the database cannot be reached (a restart, a crash, the pool unable to
 * connect).
 */
export const databaseUnreachable = (error: unknown): boolean =>
  causedBy(error, unreachableCodes, unreachableMessages);

/**
 * Decision 0045: the database stopped a statement that may succeed when sent again: a statement or lock
 * timeout (57014, 55P03), a deadlock or serialization failure (40P01, 40001), or node-postgres'
 * own read timeout. The transaction was rolled back: nothing was written.
 */
const busyCodes = new Set(['57014', '55P03', '40P01', '40001']);
export const databaseBusy = (error: unknown): boolean => causedBy(error, busyCodes, /^Query read timeout$/);

/** One error handler for the whole API: client mistakes get a code, 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error_code: error.errorCode,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = [
        ...new Set(error.validation.map((v) => v.instancePath.replace(/^\//, '').replaceAll('/', '.'))),
      ];
      return reply.status(400).send({
        error_code: ErrorCode.invalidInput,
        message: `Invalid ${error.validationContext ?? 'input'}: ${error.validation.map((v) => `${v.instancePath || '/'} ${v.message}`).join('; ')}`,
        fields: fields.filter(Boolean),
      });
    }
    const known = error.code ? clientErrorCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send({ error_code: known.code, message: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty bodies, bad content types: whatever Fastify refused before our code ran.
      return reply.status(status).send({ error_code: ErrorCode.invalidInput, message: error.message });
    }
    if (databaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply.status(503).header('retry-after', '5').send({
        error_code: ErrorCode.databaseUnavailable,
        message: 'The database cannot be reached; try again shortly',
      });
    }
    if (databaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy');
      return reply.status(503).header('retry-after', '1').send({
        error_code: ErrorCode.databaseBusy,
        message: 'The database could not answer in time; nothing was saved, try again',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error_code: ErrorCode.internal, message: 'Internal error' });
  });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a body cut short, a malformed
 * request line, headers over the limit, a request too slow to arrive) answers in the API's error
 * shape too, not Fastify's default `{"error": …, "statusCode": …}`.
 */
export function clientErrorAnswer(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, ErrorCode.invalidInput, 'The request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, ErrorCode.payloadTooLarge, 'Request headers too large']
        : [400, ErrorCode.invalidInput, 'Malformed request'];
  const body = JSON.stringify({ error_code: code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
