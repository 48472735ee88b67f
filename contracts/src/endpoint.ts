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

/**
 * What the web app needs of an endpoint to call it: its key, method and path, and whether it
 * answers a file. No schema: the web app builds its table of routes from the endpoint table at
 * build time (web/api-routes.ts, decision 0096), so that a page loads no zod for its calls. The
 * endpoint itself stays in the type (`spec`, never set), so a call's inputs and answer are still
 * the endpoint's.
 */
export type Route<E extends Endpoint = Endpoint> = {
  key: E['key'];
  method: E['method'];
  path: E['path'];
  file: boolean;
  readonly spec?: E;
};

/** The endpoint of a route, or the endpoint itself. */
type SpecOf<X extends EndpointSpec | Route> =
  X extends Route<infer E> ? E : X extends EndpointSpec ? X : never;

/** The routes of an endpoint table by area, as `routesOf` makes them. */
export type RoutesOf<T extends Record<string, Record<string, Endpoint>>> = {
  [A in keyof T]: { [N in keyof T[A]]: Route<T[A][N]> };
};

/** The routes of an endpoint table: JSON, for the web app's build. */
export function routesOf<T extends Record<string, Record<string, Endpoint>>>(table: T): RoutesOf<T> {
  const areas = Object.entries(table).map(([area, calls]) => [
    area,
    Object.fromEntries(
      Object.entries(calls).map(([name, e]) => [
        name,
        { key: e.key, method: e.method, path: e.path, file: Object.values(e.answers).includes(fileDownload) },
      ]),
    ),
  ]);
  return Object.fromEntries(areas) as RoutesOf<T>;
}

/** The 2xx answer's JSON as the web app receives it (`undefined` for a file, read as a Blob). */
export type AnswerOf<X extends EndpointSpec | Route> = AnswerOfSpec<SpecOf<X>>;
type AnswerOfSpec<E extends EndpointSpec> = {
  [S in keyof E['answers']]: S extends 200 | 201 | 202 | 204
    ? E['answers'][S] extends z.ZodType
      ? z.output<E['answers'][S]>
      : Blob
    : never;
}[keyof E['answers']];

/** What a call sends: the inputs its endpoint declares, each required when declared. */
export type InputOf<X extends EndpointSpec | Route> = InputOfSpec<SpecOf<X>>;
type InputOfSpec<E extends EndpointSpec> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: z.input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: never }) &
  (E['upload'] extends true ? { form: FormData } : { form?: never });
