import { routeAccess } from '@letokruh/contracts/access';
import { endpoints } from '@letokruh/contracts/endpoints/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp } from '../test/build.ts';

/**
 * Issue 14: the web app hides what the server would refuse by reading contracts' `routeAccess`;
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

  it('registers every endpoint of the table from it, once', () => {
    const fromTable = t.app.routesSeen
      .filter((r) => r.endpoint !== undefined)
      .map((r) => {
        expect(r.endpoint).toBe(`${r.method} ${r.url.slice('/api'.length)}`);
        return r.endpoint as string;
      })
      .sort();
    const table = Object.values(endpoints)
      .flatMap((area) => Object.values(area).map((e: { key: string }) => e.key))
      .sort();
    expect(fromTable).toEqual(table);
  });
});
