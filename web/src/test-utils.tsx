import type { Profile, PublicConfig } from '@letokruh/contracts/auth';
import { defaultPermissionMatrix, type FunctionName, functionNames } from '@letokruh/contracts/permissions';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type ReactElement, StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from './app/providers';
import { i18n } from './i18n';
import { defaultStatus, endpointAt, type MockAnswerAt, mockProblem } from './test-answers';

/** The Czech catalogue, for asserting the texts a user reads. */
export const t = i18n.getFixedT('cs');

export type RecordedRequest = {
  method: string;
  /** The path without the query, e.g. `/api/auth/user`. */
  path: string;
  url: URL;
  headers: Record<string, string>;
  /** Parsed JSON, the FormData as sent, or undefined. */
  body: unknown;
  /** When it was sent (`Date.now()`). */
  sentAt: number;
};

/** An answer to `Key`: its body typed by the endpoint's answer (test-answers.ts, decision 0094). */
export type MockAnswer<Key = string> = MockAnswerAt<Key> | { networkError: true };
export type MockRoute<Key = string> =
  | MockAnswer<Key>
  | ((request: RecordedRequest) => MockAnswer<Key> | Promise<MockAnswer<Key>>);
/** Keyed by `METHOD /path`, e.g. `'POST /api/auth/login'`. */
export type MockRoutes = Record<string, MockRoute>;
/** Routes whose answers are typed by the endpoints their keys name. */
export type TypedRoutes<R> = { [Key in keyof R]: MockRoute<Key> };

export const testConfig: PublicConfig = {
  old_system_url: '',
  languages: ['cs', 'en'],
  map_tiles_url: '',
  address_suggestions: false,
};

/** Fails the test when `answer` is not what the API answers to `key` (test-answers.ts). */
function checkAnswer(key: string, answer: MockAnswer): void {
  if ('networkError' in answer) return;
  const problem = mockProblem(key, answer);
  if (problem) throw new Error(`test-utils: ${problem}`);
}

/**
 * Replaces `fetch` with a mock that answers by method and path. A request nobody answers is
 * a console error, which fails the test (test-setup.ts), and gets a 404. Each answer must be one
 * the API gives (decision 0094): a fixed one is checked here, one a function makes when it is
 * sent, as a console error.
 */
export function mockFetch<R>(routes: TypedRoutes<R> = {} as TypedRoutes<R>) {
  const table: MockRoutes = { 'GET /api/config': { body: testConfig }, ...(routes as MockRoutes) };
  for (const [key, route] of Object.entries(table)) if (typeof route !== 'function') checkAnswer(key, route);
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body ?? undefined;
    if (typeof init.body === 'string' && headers['content-type']?.includes('json'))
      body = JSON.parse(init.body);
    const request: RecordedRequest = { method, path: url.pathname, url, headers, body, sentAt: Date.now() };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const route = table[key];
    if (!route) {
      console.error(`test-utils: unhandled fetch ${key}`);
      return jsonResponse(404, { error_code: 130, message: 'not mocked' });
    }
    const answer = typeof route === 'function' ? await route(request) : route;
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    if (typeof route === 'function') {
      const problem = mockProblem(key, answer);
      if (problem) console.error(`test-utils: ${problem}`);
    }
    return jsonResponse(answer.status ?? defaultStatus(endpointAt(key)), answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** Adds or replaces an answer. */
    on<const Key extends string>(key: Key, route: MockRoute<Key>) {
      if (typeof route !== 'function') checkAnswer(key, route);
      table[key] = route as MockRoute;
    },
    /** The requests sent to `METHOD /path`. */
    sent(key: string) {
      return requests.filter((r) => `${r.method} ${r.path}` === key);
    },
  };
}

function jsonResponse(status: number, body: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A profile holding the default permissions of its functions (contracts `defaultPermissionMatrix`). */
export function makeProfile(functions: FunctionName[] = ['dispatcher'], overrides: Partial<Profile> = {}) {
  const permissions = new Set(functions.flatMap((f) => defaultPermissionMatrix[f]));
  const profile: Profile = {
    id: 7,
    username: 'jnovak',
    first_name: 'Jan',
    last_name: 'Novák',
    name: 'Jan Novák',
    email: 'jan.novak@example.cz',
    phone: '+420 777 123 456',
    avatar: false,
    is_active: true,
    maximum_order_count: 12,
    must_change_password: false,
    functions: functions.map((name) => ({ id: functionNames.indexOf(name) + 1, name })),
    permissions: [...permissions],
  };
  return { ...profile, ...overrides };
}

/** Sets a cookie for the page, as the server's Set-Cookie would. */
export function setCookie(name: string, value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API, and the client reads document.cookie.
  document.cookie = `${name}=${value}; path=/`;
}

/** Shows where the router ended up, for pages that navigate away. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export type RenderOptions<R = MockRoutes> = {
  /** The starting address, e.g. `/?path=%2Forders`. */
  path?: string;
  /** The route pattern `ui` is mounted on; every other address shows the location probe. */
  route?: string;
  fetch?: TypedRoutes<R>;
  user?: Parameters<typeof userEvent.setup>[0];
};

/** Renders `ui` inside the app's providers and a memory router, with `fetch` mocked. */
export function renderWithApp<R>(ui: ReactElement, options: RenderOptions<R> = {}) {
  const { path = '/', route = path.split('?')[0] ?? '/' } = options;
  const api = mockFetch<R>(options.fetch);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  const router = createMemoryRouter(
    [{ path: route, element: ui }, ...(route === '*' ? [] : [{ path: '*', element: <LocationProbe /> }])],
    { initialEntries: [path] },
  );
  // Typing without a timer between keys, as a user types fast: the waits are for states.
  const user = userEvent.setup({ delay: null, ...options.user });
  const result = render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return { ...result, user, api, router, queryClient };
}

/** The form control labelled `label`; Mantine's required asterisk is not part of the name. */
export function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label, {
    selector: 'input, textarea, select',
    normalizer: (text) => text.replace(/\s*\*\s*$/, '').trim(),
  }) as HTMLInputElement;
}
