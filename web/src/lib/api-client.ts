import type { AnswerOf, InputOf, Route } from '@letokruh/contracts/endpoint';
import { ErrorCode } from '@letokruh/contracts/errors';

/** An answer other than 2xx, with the server's error code (domain.md §2.8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number | null,
    message: string,
    readonly fields: string[] = [],
    /** The whole error answer, for calls that send more than the code (the intern save's clashes). */
    readonly answer: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;
type Options = { query?: Query; body?: unknown; form?: FormData; signal?: AbortSignal; blob?: boolean };

type Listeners = { unauthorized(): void; forbidden(error: ApiError): void };
const listeners: Listeners = { unauthorized: () => {}, forbidden: () => {} };

/** The app shell says what a 401 (log out, go to login) and a 403 (access-denied notice) do. */
export function onAuthProblems(next: Partial<Listeners>): void {
  Object.assign(listeners, next);
}

export const apiBase = '/api';
const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return `${apiBase}${path}${qs ? `?${qs}` : ''}`;
}

/** Every call: cookies, the CSRF double-submit header, error codes turned into ApiError. */
export async function api<T>(method: string, path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (unsafe.has(method)) {
    if (!readCookie('csrftoken_new')) await fetch(`${apiBase}/config`, { credentials: 'same-origin' });
    headers['X-CSRFTOKEN'] = readCookie('csrftoken_new') ?? '';
  }
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, null, 'network');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as {
      error_code?: number;
      message?: string;
      fields?: string[];
    };
    const error = new ApiError(
      response.status,
      payload.error_code ?? null,
      payload.message ?? response.statusText,
      payload.fields,
      payload,
    );
    if (response.status === 401) listeners.unauthorized();
    if (response.status === 403 && error.errorCode !== ErrorCode.csrfFailed) listeners.forbidden(error);
    throw error;
  }
  if (options.blob) return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** An endpoint's path with its parameters filled in: `/customer/:id` with `{ id: 7 }` is `/customer/7`. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A call of contracts' endpoint table (decision 0059): its inputs and its answer are the
 * endpoint's, never typed by hand. `call(customersEndpoints.detail, { params: { id } })`.
 */
export function call<R extends Route>(
  endpoint: R,
  // biome-ignore lint/complexity/noBannedTypes: `{} extends X` asks whether every input is optional.
  ...[input]: {} extends InputOf<R>
    ? [input?: InputOf<R> & { signal?: AbortSignal }]
    : [input: InputOf<R> & { signal?: AbortSignal }]
): Promise<AnswerOf<R>> {
  const { params, query, body, form, signal } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Query;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
  };
  return api<AnswerOf<R>>(endpoint.method, pathOf(endpoint.path, params), {
    query,
    body,
    form,
    signal,
    blob: endpoint.file,
  });
}

/**
 * The address of a stream endpoint of contracts' table (domain.md §1.10, `GET /events`) for an
 * EventSource, which sends the session cookie by itself and needs no CSRF header (a GET).
 */
export function streamUrl(endpoint: Route & { method: 'GET' }): string {
  return buildUrl(pathOf(endpoint.path));
}

/** The translation key of an error: known codes from the catalogue, else "Neznámá chyba". */
export function errorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'errors.network';
    if (error.errorCode !== null && (Object.values(ErrorCode) as number[]).includes(error.errorCode)) {
      return `errors.${error.errorCode}`;
    }
  }
  return 'errors.unknown';
}
