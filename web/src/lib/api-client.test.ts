import { ErrorCode } from '@letokruh/contracts/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { mockFetch, setCookie, testConfig } from '../test-utils';
import { ApiError, api, buildUrl, errorKey, onAuthProblems } from './api-client';

const listeners = { unauthorized: vi.fn(), forbidden: vi.fn() };

beforeEach(() => {
  listeners.unauthorized = vi.fn();
  listeners.forbidden = vi.fn();
  onAuthProblems({ unauthorized: listeners.unauthorized, forbidden: listeners.forbidden });
});

afterEach(() => {
  onAuthProblems({ unauthorized: () => {}, forbidden: () => {} });
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('CSRF header', () => {
  it('GET sends no X-CSRFTOKEN, even with the cookie set', async () => {
    setCookie('csrftoken_new', 'tok123');
    const server = mockFetch({ 'GET /api/things': { body: { items: [] } } });
    await expect(api('GET', '/things')).resolves.toEqual({ items: [] });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['x-csrftoken']).toBeUndefined();
  });

  it.each(['PUT', 'POST', 'DELETE'])('%s sends the csrftoken_new cookie as X-CSRFTOKEN', async (method) => {
    setCookie('other', '1');
    setCookie('csrftoken_new', 'tok123');
    const server = mockFetch({ [`${method} /api/things/1`]: { body: { ok: true } } });
    await api(method, '/things/1', { body: { name: 'x' } });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`${method} /api/things/1`]);
    expect(server.requests[0]?.headers['x-csrftoken']).toBe('tok123');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.body).toEqual({ name: 'x' });
  });

  it('without the cookie, fetches /config first (which sets it) and then sends it', async () => {
    const server = mockFetch({
      'GET /api/config': () => {
        setCookie('csrftoken_new', 'fresh');
        return { body: testConfig };
      },
      'POST /api/things': { status: 201, body: { id: 1 } },
    });
    await expect(api('POST', '/things', { body: {} })).resolves.toEqual({ id: 1 });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/config',
      'POST /api/things',
    ]);
    expect(server.requests[1]?.headers['x-csrftoken']).toBe('fresh');
  });
});

describe('URLs and answers', () => {
  it('builds the query, skipping empty values and repeating arrays', () => {
    expect(buildUrl('/orders', { q: 'dub', empty: '', none: null, ids: [1, 2], page: 2 })).toBe(
      '/api/orders?q=dub&ids=1&ids=2&page=2',
    );
    expect(buildUrl('/orders')).toBe('/api/orders');
  });

  it('a 204 answer resolves to undefined', async () => {
    setCookie('csrftoken_new', 't');
    mockFetch({ 'DELETE /api/things/1': { status: 204 } });
    await expect(api('DELETE', '/things/1')).resolves.toBeUndefined();
  });
});

describe('auth problems', () => {
  it('a 401 calls the unauthorized listener and rejects with the status and code', async () => {
    mockFetch({ 'GET /api/orders': { status: 401, body: { error_code: 112, message: 'not logged in' } } });
    const error = await failureOf(api('GET', '/orders'));
    expect(error.status).toBe(401);
    expect(error.errorCode).toBe(ErrorCode.notLoggedIn);
    expect(listeners.unauthorized).toHaveBeenCalledTimes(1);
    expect(listeners.forbidden).not.toHaveBeenCalled();
  });

  it('a 403 with error code 110 calls the forbidden listener with the error', async () => {
    mockFetch({ 'GET /api/users': { status: 403, body: { error_code: 110, message: 'denied' } } });
    const error = await failureOf(api('GET', '/users'));
    expect(listeners.forbidden).toHaveBeenCalledTimes(1);
    expect(listeners.forbidden).toHaveBeenCalledWith(error);
    expect(error.errorCode).toBe(ErrorCode.accessDenied);
    expect(listeners.unauthorized).not.toHaveBeenCalled();
  });

  it('a 403 CSRF failure (111) is not reported as access denied', async () => {
    setCookie('csrftoken_new', 'old');
    mockFetch({ 'PUT /api/auth/user': { status: 403, body: { error_code: 111, message: 'csrf' } } });
    const error = await failureOf(api('PUT', '/auth/user', { body: {} }));
    expect(error.errorCode).toBe(ErrorCode.csrfFailed);
    expect(listeners.forbidden).not.toHaveBeenCalled();
  });

  it('other failures call no listener', async () => {
    mockFetch({ 'GET /api/orders': { status: 500, body: { error_code: 500, message: 'boom' } } });
    const error = await failureOf(api('GET', '/orders'));
    expect(error.status).toBe(500);
    expect(listeners.unauthorized).not.toHaveBeenCalled();
    expect(listeners.forbidden).not.toHaveBeenCalled();
  });
});

describe('errorKey', () => {
  it.each(Object.values(ErrorCode))('maps the known code %i to errors.<code>, which has a text', (code) => {
    const key = errorKey(new ApiError(400, code, 'x'));
    expect(key).toBe(`errors.${code}`);
    expect(i18n.exists(key, { lng: 'cs' })).toBe(true);
  });

  it('maps unknown codes, missing codes and foreign errors to errors.unknown', () => {
    expect(errorKey(new ApiError(400, 999, 'x'))).toBe('errors.unknown');
    expect(errorKey(new ApiError(502, null, 'Bad Gateway'))).toBe('errors.unknown');
    expect(errorKey(new Error('x'))).toBe('errors.unknown');
    expect(errorKey(undefined)).toBe('errors.unknown');
    expect(i18n.t('errors.unknown', { lng: 'cs' })).toBe('Neznámá chyba');
  });

  it('an answer that is not JSON still gives an ApiError with its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await failureOf(api('GET', '/orders'));
    expect(error.status).toBe(502);
    expect(error.errorCode).toBeNull();
    expect(errorKey(error)).toBe('errors.unknown');
  });

  it('a network failure becomes errors.network', async () => {
    mockFetch({ 'GET /api/orders': { networkError: true } });
    const error = await failureOf(api('GET', '/orders'));
    expect(error.status).toBe(0);
    expect(errorKey(error)).toBe('errors.network');
    expect(listeners.unauthorized).not.toHaveBeenCalled();
  });

  it('an aborted request is passed on as the abort, not as a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(api('GET', '/orders')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
