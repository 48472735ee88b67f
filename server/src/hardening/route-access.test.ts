import { routeAccess } from '@letokruh/contracts/access';
import { endpoints } from '@letokruh/contracts/endpoints/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp } from '../test/build.ts';

/**
 * Decision 0029: the web app hides what the server would refuse by reading contracts' `routeAccess`;
 * that is only true while every route declares exactly the rule the table names for it.
 */
let t: BuiltTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('route access table', () => {
  it('names every /api route with the rule the route declares', () => {
    const registered = t.app.routesSeen
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => [`${r.method} ${r.url.slice('/api'.length)}`, r.access] as const);
    expect(registered.length).toBeGreaterThan(100);
    expect(Object.fromEntries(registered)).toEqual(routeAccess);
  });

  it('registers every /api route from the endpoint table, and every endpoint of it once', () => {
    const api = t.app.routesSeen.filter((r) => r.url.startsWith('/api/'));
    const notFromTable = api
      .filter((r) => r.endpoint !== `${r.method} ${r.url.slice('/api'.length)}`)
      .map((r) => `${r.method} ${r.url}`);
    expect(notFromTable, 'routes registered without route() of plugins/endpoint.ts').toEqual([]);
    const table = Object.values(endpoints)
      .flatMap((area) => Object.values(area).map((e: { key: string }) => e.key))
      .sort();
    expect(new Set(table).size, 'an endpoint listed twice').toBe(table.length);
    expect(table).toEqual(api.map((r) => r.endpoint).sort());
  });
});
