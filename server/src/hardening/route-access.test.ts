import { routeAccess } from '@letokruh/contracts/access';
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
});
