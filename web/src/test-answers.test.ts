import { type Endpoint, fileDownload } from '@letokruh/contracts/endpoint';
import { endpoints } from '@letokruh/contracts/endpoints/index';
import { describe, expect, it } from 'vitest';
import { endpointAt, mockProblem, uncheckedAnswers } from './test-answers';
import { mockFetch, testConfig } from './test-utils';

// Decision 0094: a web test's mocked answer is one the server can give, by contracts' endpoint table.
describe('mocked answers checked by the endpoint table', () => {
  it('refuses a drifted 2xx body, naming the route and where the body is wrong', () => {
    expect(() =>
      // @ts-expect-error languages is a list of the app's languages, as the server answers it.
      mockFetch({ 'GET /api/config': { body: { ...testConfig, languages: 'cs' } } }),
    ).toThrow(/GET \/api\/config \(GET \/config\).*at languages: /);
  });

  it('takes a body the endpoint answers, and the app receives it as mocked', async () => {
    const config = { ...testConfig, languages: ['cs' as const] };
    mockFetch({ 'GET /api/config': { body: config } });
    const answer = await fetch('/api/config');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(config);
  });

  it('refuses fields the server never sends, and a route the API does not have', () => {
    expect(mockProblem('GET /api/config', { body: { ...testConfig, theme: 'dark' } })).toMatch(
      /GET \/api\/config.*fields the API does not send: theme/,
    );
    expect(mockProblem('GET /api/no_such_call', { body: {} })).toMatch(/GET \/api\/no_such_call is no call/);
  });

  it('answers with the endpoint’s own 2xx status and refuses one it never gives', async () => {
    const file = {
      item: {
        id: 1,
        name: 'smlouva.pdf',
        title: 'Smlouva',
        file_type: 'Jiné',
        content_type: 'application/pdf',
        size: 10,
        uploaded_by: null,
        created: '2026-03-02T09:15:00.000Z',
      },
    };
    mockFetch({ 'POST /api/customer/5/files/add': { body: file } });
    expect((await fetch('/api/customer/5/files/add', { method: 'POST' })).status).toBe(201);
    expect(mockProblem('POST /api/customer/5/files/add', { status: 200, body: file })).toMatch(
      /answers 201, never 200/,
    );
  });

  it('holds an error answer to the error shape of domain.md §2.8', () => {
    expect(mockProblem('GET /api/auth/user', { status: 401, body: { error_code: 112 } })).toMatch(
      /GET \/api\/auth\/user.*401.*at message: /,
    );
    expect(
      mockProblem('GET /api/auth/user', { status: 401, body: { error_code: 112, message: 'x' } }),
    ).toBeNull();
  });

  it('finds the route the server picks: a literal segment before a parameter', () => {
    expect(endpointAt('GET /api/order/add')?.key).toBe('GET /order/add');
    expect(endpointAt('GET /api/order/5')?.key).toBe('GET /order/:id');
    expect(endpointAt('GET /api/api/get-orders')?.key).toBe('GET /api/get-orders');
    expect(endpointAt('GET /api/order/')).toBeUndefined();
  });

  it('leaves unchecked exactly the calls that answer bytes, each with its reason', () => {
    const bytes = Object.values(endpoints)
      .flatMap((area) => Object.values(area) as Endpoint[])
      .filter((e) => Object.values(e.answers).includes(fileDownload))
      .map((e) => e.key);
    expect(Object.keys(uncheckedAnswers).sort()).toEqual([...new Set(bytes)].sort());
  });
});
