import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { yieldToLoop } from '../event-loop.ts';
import type { AnswerCache } from './answer-cache.ts';
import { type CachedAnswerOptions, cachedAnswer } from './answer-key.ts';

/**
 * JSON kept gzipped only: every browser accepts gzip, and the few clients that do not get it
 * inflated in zlib's thread pool. The cache holds many more answers than with the plain bytes
 * beside, and the calendar week's thread (db/json-queries.ts) hands the event loop a tenth of the
 * bytes: megabyte buffers arriving many times a second made V8 collect its old generation, which
 * held the event loop (figures: bench/results/2026-11-29-comment-figures.md).
 */
export type JsonAnswer = { gzip: Buffer };

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * JSON text as a cached answer: compressed once, in zlib's thread pool (a calendar week's text
 * shrinks to a tenth or less, which is what the browser then downloads and parses).
 */
export async function jsonAnswer(text: string): Promise<JsonAnswer> {
  return { gzip: await gzipAsync(Buffer.from(text), { level: 6 }) };
}

export const jsonAnswerBytes = (a: JsonAnswer) => a.gzip.length;

/**
 * `make()`'s value as the route's zod serializer would write it (parsed by `schema`, so unknown
 * keys are dropped, then JSON), as a JSON answer.
 */
export const parsedJson =
  (schema: { parse(value: unknown): unknown }, make: () => Promise<unknown>) =>
  async (): Promise<JsonAnswer> =>
    jsonAnswer(JSON.stringify(schema.parse(await make())));

/** `cachedAnswer` of a JSON answer (`jsonAnswer`, `parsedJson`, `slicedJsonAnswer`), sent by `sendJson`. */
export async function cachedJson(
  answers: AnswerCache,
  request: FastifyRequest,
  reply: unknown,
  make: () => Promise<JsonAnswer>,
  options: Omit<CachedAnswerOptions<JsonAnswer>, 'bytes'> = {},
) {
  const body = await cachedAnswer(answers, request, make, { ...options, bytes: jsonAnswerBytes });
  return sendJson(request, reply, body);
}

/**
 * `{ [field]: items }` as a gzipped answer, the items coming a slice at a time (each parsed by
 * `itemSchema`) with the event loop free in between: a calendar week of thousands of whole orders
 * is megabytes of JSON. Each slice goes to a gzip stream as its own bytes (compressed in zlib's thread
 * pool) and is dropped, so neither the whole text nor all the orders exist at once: joining the
 * text and `Buffer.from` of it held the loop far over its bound, and five such weeks' objects at once
 * made V8's full collections as long.
 */
export async function slicedJsonAnswer(
  field: string,
  slices: AsyncIterable<unknown[]>,
  itemSchema: { parse(value: unknown): unknown },
): Promise<JsonAnswer> {
  const zip = createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = finished(zip);
  const write = async (text: string) => {
    if (!zip.write(Buffer.from(text))) await once(zip, 'drain');
  };
  try {
    await write(`{${JSON.stringify(field)}:[`);
    let first = true;
    for await (const items of slices) {
      if (items.length === 0) continue;
      const parts: string[] = [];
      for (const item of items) parts.push(JSON.stringify(itemSchema.parse(item)));
      await write((first ? '' : ',') + parts.join(','));
      first = false;
      await yieldToLoop();
    }
    zip.end(']}');
    await done;
  } catch (error) {
    // A failed read or a bad item: the stream goes, the error is the answer's.
    zip.destroy();
    await done.catch(() => {});
    throw error;
  }
  return { gzip: Buffer.concat(chunks) };
}

/**
 * Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3, read by `negotiator`): `gzip` or
 * `*` with a weight above 0; `gzip;q=0` refuses it. The old alias `x-gzip`, which no browser sends,
 * counts as a coding of its own.
 */
export const acceptsGzip = (header: string | string[] | undefined): boolean =>
  takenCodings(header, ['gzip']).length > 0;

/** Of `codings`, those an Accept-Encoding header takes (weight above 0), read by `negotiator`. */
const takenCodings = (header: string | string[] | undefined, codings: string[]): string[] =>
  new Negotiator({
    headers: { 'accept-encoding': header === undefined ? undefined : String(header) },
  }).encodings(codings);

/** The coding for an answer compressed per request: brotli where taken, else gzip, else none. */
export function preferredCoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const taken = takenCodings(header, ['br', 'gzip']);
  return taken.includes('br') ? 'br' : taken.includes('gzip') ? 'gzip' : null;
}

/** Sends a cached JSON answer gzipped, or inflated for a client that does not accept gzip. */
export async function sendJson(request: FastifyRequest, reply: unknown, body: JsonAnswer) {
  const answer = (reply as FastifyReply)
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding');
  const accepts = acceptsGzip(request.headers['accept-encoding']);
  return accepts
    ? answer.header('content-encoding', 'gzip').send(body.gzip)
    : answer.send(await gunzipAsync(body.gzip));
}
