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

export type MockAnswer = { status?: number; body?: unknown } | { networkError: true };
export type MockRoute = MockAnswer | ((request: RecordedRequest) => MockAnswer | Promise<MockAnswer>);
/** Keyed by `METHOD /path`, e.g. `'POST /api/auth/login'`. */
export type MockRoutes = Record<string, MockRoute>;

export const testConfig: PublicConfig = {
  old_system_url: '',
  languages: ['cs', 'en'],
  map_tiles_url: '',
  address_suggestions: false,
};

/**
 * Replaces `fetch` with a mock that answers by method and path. A request nobody answers is
 * a console error, which fails the test (test-setup.ts), and gets a 404.
 */
export function mockFetch(routes: MockRoutes = {}) {
  const table: MockRoutes = { 'GET /api/config': { body: testConfig }, ...routes };
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
    const route = table[`${method} ${url.pathname}`];
    if (!route) {
      console.error(`test-utils: unhandled fetch ${method} ${url.pathname}`);
      return jsonResponse(404, { error_code: 130, message: 'not mocked' });
    }
    const answer = typeof route === 'function' ? await route(request) : route;
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetch: fetchMock,
    requests,
    /** Adds or replaces an answer. */
    on(key: string, route: MockRoute) {
      table[key] = route;
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

export type RenderOptions = {
  /** The starting address, e.g. `/?path=%2Forders`. */
  path?: string;
  /** The route pattern `ui` is mounted on; every other address shows the location probe. */
  route?: string;
  fetch?: MockRoutes;
  user?: Parameters<typeof userEvent.setup>[0];
};

/** Renders `ui` inside the app's providers and a memory router, with `fetch` mocked. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  const { path = '/', route = path.split('?')[0] ?? '/' } = options;
  const api = mockFetch(options.fetch);
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
  const user = userEvent.setup(options.user);
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
