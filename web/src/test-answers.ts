import type { RouteKey } from '@letokruh/contracts/access';
import { type Endpoint, fileDownload } from '@letokruh/contracts/endpoint';
import { endpoints } from '@letokruh/contracts/endpoints/index';
import { apiErrorSchema, knownErrorCodes } from '@letokruh/contracts/errors';
import type { z } from 'zod';

/**
 * A web test's mocked answers, typed and checked by contracts' endpoint table (decision 0094): the
 * route a mock stands for is found by its method and path as the server's router finds it, and
 * its 2xx body must be what that endpoint's answer schema lets the server send.
 */

type Table = typeof endpoints;
/** Every call of the API, one union. */
export type AnyEndpoint = { [A in keyof Table]: Extract<Table[A][keyof Table[A]], Endpoint> }[keyof Table];

const allEndpoints: Endpoint[] = Object.values(endpoints).flatMap(
  (area) => Object.values(area) as Endpoint[],
);

/**
 * The calls whose answer no schema describes, so a mock of it is not checked. The downloads and
 * the stream answer bytes (`fileDownload`); `/api/things` is no call at all: the client's own tests
 * (lib/api-client.test.ts) use it to show the transport apart from any call of the API.
 */
export const uncheckedAnswers = {
  'GET /auth/avatar': 'a download: the avatar image',
  'GET /feeds/:file': 'a download: the iCalendar feed (domain.md §1.7, decision 0073)',
  'GET /order/:id/get_delivery_note': 'a download: the delivery note PDF (domain.md §1.2)',
  'GET /download_multiple_delivery_notes': 'a download: the delivery notes PDF (domain.md §1.6)',
  'GET /download-orders': 'a download: the orders PDF (domain.md §1.7)',
  'GET /order/:id/delivery/files/:fileId/download':
    'a download: a photo or signature of the proof of delivery',
  'GET /events': 'a text/event-stream that stays open (domain.md §1.10)',
  'GET /stats_campaings': 'a download: XLSX of the overviews (domain.md §2.7)',
  'GET /stats_orders': 'a download: XLSX of the overviews (domain.md §2.7)',
  'GET /stats_customers': 'a download: XLSX of the overviews (domain.md §2.7)',
  'GET /stats_products': 'a download: XLSX of the overviews (domain.md §2.7)',
  'GET /customer/:id/files/:fileId/download': 'a download: a file (domain.md §2.3 File)',
  'GET /order/:id/files/:fileId/download': 'a download: a file (domain.md §2.3 File)',
  'GET /transportation/:id/files/:fileId/download': 'a download: a file (domain.md §2.3 File)',
} as const satisfies Partial<Record<RouteKey, string>>;

/** Paths that are no call of the API, mocked by the client's own tests only. */
export const madeUpPaths = ['/api/things'] as const;

// ---- The route a mock key names, as the server's router picks it: literal segments first. ----

type Split<P extends string> = P extends `${infer Head}/${infer Tail}` ? [Head, ...Split<Tail>] : [P];
type Kinds<S extends string[]> = { [I in keyof S]: S[I] extends `:${string}` ? 'param' : 'literal' };

type Matches<Pattern extends string[], Got extends string[]> = Pattern extends [
  infer P extends string,
  ...infer PatternRest extends string[],
]
  ? Got extends [infer G extends string, ...infer GotRest extends string[]]
    ? (P extends `:${string}` ? (G extends '' ? false : true) : [G] extends [P] ? true : false) extends true
      ? Matches<PatternRest, GotRest>
      : false
    : false
  : Got extends []
    ? true
    : false;

/** The first segment where the two differ is literal in `A`: the router tries `A` first. */
type Beats<A extends unknown[], B extends unknown[]> = A extends [infer a, ...infer aRest]
  ? B extends [infer b, ...infer bRest]
    ? [a] extends [b]
      ? Beats<aRest, bRest>
      : a extends 'literal'
        ? true
        : false
    : false
  : false;

type Candidates<Method extends string, Path extends string> = AnyEndpoint extends infer E
  ? E extends { method: Method; path: infer P extends string }
    ? Matches<Split<P>, Split<Path>> extends true
      ? E
      : never
    : never
  : never;

type KindsOf<E> = E extends { path: infer P extends string } ? Kinds<Split<P>> : never;
type BeatenBy<E, All> = All extends unknown ? Beats<KindsOf<All>, KindsOf<E>> : never;
type Chosen<Found, All = Found> = Found extends unknown
  ? true extends BeatenBy<Found, All>
    ? never
    : Found
  : never;

/** The endpoint a mock key such as `'GET /api/order/5'` stands for; `never` when none. */
export type EndpointAt<Key extends string> = Key extends `${infer Method} /api${infer Path}`
  ? Chosen<Candidates<Method, Path>>
  : never;

// ---- What a mock of that endpoint may answer. ----

type SuccessStatus = 200 | 201 | 202 | 204;
/** The statuses an error answer of the API comes with (the server's error handler, a proxy). */
export type ErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 405
  | 406
  | 409
  | 413
  | 415
  | 421
  | 429
  | 500
  | 502
  | 503
  | 504;

type ApiErrorAnswer = z.output<typeof apiErrorSchema> & Record<string, unknown>;
type Json<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A 2xx answer typed by the endpoint's schema; the status defaults to the endpoint's one 2xx. */
type SuccessAnswer<E extends Endpoint> = {
  [S in keyof E['answers']]: S extends SuccessStatus ? { status?: S; body: Json<E['answers'][S]> } : never;
}[keyof E['answers']];

type ErrorAnswer<E extends Endpoint> = {
  [S in ErrorStatus]: {
    status: S;
    body?: S extends keyof E['answers'] ? Json<E['answers'][S]> : ApiErrorAnswer;
  };
}[ErrorStatus];

/** What a mock may answer to `Key`: loose where the key names no endpoint TypeScript can see. */
export type MockAnswerAt<Key> = Key extends string
  ? [EndpointAt<Key>] extends [never]
    ? { status?: number; body?: unknown }
    : SuccessAnswer<EndpointAt<Key>> | ErrorAnswer<EndpointAt<Key>>
  : { status?: number; body?: unknown };

// ---- The same at run time. ----

const kinds = (path: string) => path.split('/').map((s) => (s.startsWith(':') ? 'param' : 'literal'));

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length && want.every((w, i) => (w.startsWith(':') ? got[i] !== '' : w === got[i]))
  );
}

function beats(a: string[], b: string[]): boolean {
  const at = a.findIndex((kind, i) => kind !== b[i]);
  return at >= 0 && a[at] === 'literal';
}

/** The endpoint the server would route `METHOD /api/path` to, or undefined. */
export function endpointAt(key: string): Endpoint | undefined {
  const [method, fullPath = ''] = key.split(' ', 2);
  if (!fullPath.startsWith('/api/')) return undefined;
  const path = fullPath.slice('/api'.length);
  const found = allEndpoints.filter((e) => e.method === method && matches(e.path, path));
  return found.find((e) => !found.some((other) => beats(kinds(other.path), kinds(e.path))));
}

/** The status a mock answers with when it names none: its endpoint's one 2xx, else 200. */
export function defaultStatus(endpoint: Endpoint | undefined): number {
  const success = Object.keys(endpoint?.answers ?? {})
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  return success.length === 1 ? (success[0] as number) : 200;
}

const where = (path: readonly PropertyKey[]) =>
  path.length === 0 ? '(the body)' : path.map(String).join('.');

/** Keys of `sent` the schema's output dropped: fields the server never sends. */
function unknownKeys(sent: unknown, kept: unknown, path: PropertyKey[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return sent.flatMap((item, i) => unknownKeys(item, kept[i], [...path, i]));
  if (sent && kept && typeof sent === 'object' && typeof kept === 'object' && !Array.isArray(sent)) {
    return Object.entries(sent).flatMap(([name, value]) =>
      name in kept
        ? unknownKeys(value, (kept as Record<string, unknown>)[name], [...path, name])
        : [where([...path, name])],
    );
  }
  return [];
}

function schemaProblem(schema: z.ZodType, body: unknown): string | null {
  const result = schema.safeParse(body);
  if (!result.success) {
    return result.error.issues
      .slice(0, 5)
      .map((issue) => `at ${where(issue.path)}: ${issue.message}`)
      .join('; ');
  }
  const extra = unknownKeys(body, result.data);
  return extra.length > 0 ? `fields the API does not send: ${extra.slice(0, 5).join(', ')}` : null;
}

/**
 * Why a mocked answer is not one the API gives, or null: a route the API does not have, a 2xx
 * status the endpoint never answers, a 2xx body its schema refuses (or with fields it never
 * sends), an error without the error shape (contracts `apiErrorSchema`, or the endpoint's own).
 */
export function mockProblem(key: string, answer: { status?: number; body?: unknown }): string | null {
  const [, path = ''] = key.split(' ', 2);
  if ((madeUpPaths as readonly string[]).includes(path.replace(/\/\d+$/, ''))) return null;
  const endpoint = endpointAt(key);
  if (!endpoint) return `${key} is no call of the API (contracts/src/endpoints)`;
  const route = `${key} (${endpoint.key})`;
  const status = answer.status ?? defaultStatus(endpoint);
  const declared = endpoint.answers[status];
  if (status >= 200 && status < 300) {
    if (!declared) return `${route} answers ${Object.keys(endpoint.answers).join(' or ')}, never ${status}`;
    if (endpoint.key in uncheckedAnswers) return null;
    const problem = schemaProblem(declared as z.ZodType, answer.body);
    return problem && `${route}: the mocked ${status} is not the endpoint's answer, ${problem}`;
  }
  const schema = declared && declared !== fileDownload ? (declared as z.ZodType) : apiErrorSchema;
  const result = schema.safeParse(answer.body);
  const problem = result.success
    ? knownCodeProblem(answer.body)
    : result.error.issues.map((issue) => `at ${where(issue.path)}: ${issue.message}`).join('; ');
  return problem && `${route}: the mocked ${status} is not an error answer of the API, ${problem}`;
}

/** domain.md §2.8: the server answers only the codes contracts' `ErrorCode` lists. */
function knownCodeProblem(body: unknown): string | null {
  const code = (body as { error_code?: unknown }).error_code;
  if (code === undefined || knownErrorCodes.includes(code as number)) return null;
  return `at error_code: ${String(code)} is no code of contracts' ErrorCode`;
}
