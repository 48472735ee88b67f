import type { z } from 'zod';
import { type RouteKey, routeAccess } from './access.ts';

/**
 * One call of the API as both sides see it (decision 0059): its key in `routeAccess`
 * (method and path, which also name its access rule), its inputs and its answers by status.
 * The server registers its route from it (server/src/plugins/endpoint.ts) and the web app calls it
 * through it (web/src/lib/api-client.ts `call`), so an answer's type is never written by hand.
 */
export type EndpointSpec = {
  /** Path parameters, `:name` in the path. */
  params?: z.ZodType;
  /** The query string. */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** A `multipart/form-data` body (an upload): the server reads the form itself. */
  upload?: true;
  /** The answers by status: a schema of the JSON, or `fileDownload` for bytes. */
  answers: { [status: number]: z.ZodType | typeof fileDownload };
};

/** The answer of a download: the bytes of a file (the server names its media types). */
export const fileDownload = { file: true } as const;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type MethodOf<K extends string> = K extends `${infer M extends Method} ${string}` ? M : never;
type PathOf<K extends string> = K extends `${Method} ${infer P}` ? P : never;

export type Endpoint<K extends RouteKey = RouteKey, S extends EndpointSpec = EndpointSpec> = S & {
  key: K;
  method: MethodOf<K>;
  /** Fastify's path, without /api: `/customer/:id`. */
  path: PathOf<K>;
};

/** An endpoint of the table: `endpoint('GET /customer/:id', { params, answers: { 200: … } })`. */
export function endpoint<const K extends RouteKey, const S extends EndpointSpec>(
  key: K,
  spec: S,
): Endpoint<K, S> {
  if (!(key in routeAccess)) throw new Error(`${key} is not in routeAccess`);
  const space = key.indexOf(' ');
  return {
    ...spec,
    key,
    method: key.slice(0, space) as MethodOf<K>,
    path: key.slice(space + 1) as PathOf<K>,
  };
}

/** The 2xx answer's JSON as the web app receives it (`undefined` for a file, read as a Blob). */
export type AnswerOf<E extends EndpointSpec> = {
  [S in keyof E['answers']]: S extends 200 | 201 | 202 | 204
    ? E['answers'][S] extends z.ZodType
      ? z.output<E['answers'][S]>
      : Blob
    : never;
}[keyof E['answers']];

/** What a call sends: the inputs its endpoint declares, each required when declared. */
export type InputOf<E extends EndpointSpec> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: z.input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: never }) &
  (E['upload'] extends true ? { form: FormData } : { form?: never });
