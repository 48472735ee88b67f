import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * Fuzzing (decision 0020): bad input generated for every route from its zod schemas (wrong types, huge
 * strings, odd unicode, negative and enormous numbers, unknown fields, bad path ids), sent as the
 * owner, who passes every access rule. Never a 5xx; a refused call writes nothing.
 */
let t: BuiltTestApp;
let owner: Client;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
});
afterAll(() => t?.close());

type Def = {
  type?: string;
  shape?: unknown;
  in?: unknown;
  innerType?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
};
const defOf = (schema: unknown): Def => ((schema as { _zod?: { def?: Def } })?._zod?.def ?? {}) as Def;

/** The field names a zod schema reads, through optional, default, pipe, union and intersection. */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || depth > 8) return [];
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape && typeof shape === 'object') return Object.keys(shape);
  const def = defOf(schema);
  if (def.type === 'pipe') return keysOf(def.in, depth + 1);
  if (def.innerType) return keysOf(def.innerType, depth + 1);
  if (def.options) return [...new Set(def.options.flatMap((o) => keysOf(o, depth + 1)))];
  if (def.left || def.right) return [...keysOf(def.left, depth + 1), ...keysOf(def.right, depth + 1)];
  return [];
}

const huge = 'Ř'.repeat(200_000);
/** Values that are wrong for almost any field. */
const badValues: unknown[] = [
  null,
  -1,
  -1e20,
  1e308,
  2 ** 53 + 1,
  0.000001,
  true,
  {},
  [],
  [[[[[[]]]]]],
  huge,
  '\u0000\u202e💥<script>',
  '1; drop table orders; --',
  '2026-02-30',
];
const badQueryValues = [
  '-1',
  '0',
  '1e400',
  '99999999999999999999',
  'x'.repeat(5000),
  '💥\u202e',
  '[]',
  'null',
  '2026-13-45',
];
const badIds = ['-1', '0', '1.5', '99999999999999999999', 'abc', '%F0%9F%92%A5', 'x'.repeat(2000), '1%00'];

const skipped = new Set(['GET /api/auth/logout', 'GET /api/docs']);

function requestsFor(route: RegisteredRoute) {
  const requests: { url: string; payload?: unknown; label: string }[] = [];
  const params = route.url.match(/:[^/]+/g) ?? [];
  const withIds = (value: string) => route.url.replace(/:[^/]+/g, value);
  // Path ids: every bad id in every parameter.
  for (const bad of badIds)
    if (params.length) requests.push({ url: withIds(bad), label: `id ${bad.slice(0, 20)}` });
  const base = withIds('987654');
  const query = keysOf(route.schema?.querystring);
  for (const key of [...query, 'unknown_field']) {
    for (const bad of badQueryValues) {
      requests.push({ url: `${base}?${key}=${encodeURIComponent(bad)}`, label: `query ${key}` });
    }
  }
  if (route.method !== 'GET' && route.schema?.body) {
    for (const whole of [null, [], 'text', 42, { unknown_field: huge }, { __proto__: { admin: true } }]) {
      requests.push({
        url: base,
        payload: JSON.stringify(whole),
        label: `body ${JSON.stringify(whole).slice(0, 20)}`,
      });
    }
    for (const key of keysOf(route.schema.body)) {
      for (const bad of badValues) {
        requests.push({ url: base, payload: JSON.stringify({ [key]: bad }), label: `body ${key}` });
      }
    }
  }
  return requests;
}

describe('generated bad input', () => {
  it('never answers 5xx, and what is refused writes nothing', async () => {
    const routes = t.app.routesSeen.filter(
      (r) => r.url.startsWith('/api/') && !skipped.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const writes = route.method !== 'GET' || ['/api/order/add', '/api/order/:id/copy'].includes(route.url);
      const before = writes ? await snapshot(t.db) : null;
      let accepted = 0;
      for (const r of requestsFor(route)) {
        const response = await owner.request(route.method as 'GET', r.url, {
          ...(r.payload === undefined ? {} : { payload: r.payload as string }),
          headers: r.payload === undefined ? {} : { 'content-type': 'application/json' },
        });
        sent++;
        if (response.statusCode >= 500)
          failures.push(
            `${route.method} ${route.url} ${r.label}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        else if (response.statusCode < 400) accepted++;
        else if (typeof response.json().error_code !== 'number')
          failures.push(`${route.method} ${route.url} ${r.label}: no error_code`);
      }
      if (before && accepted === 0) {
        const changed = changedTables(before, await snapshot(t.db));
        if (changed.length)
          failures.push(`${route.method} ${route.url} wrote ${changed.join(', ')} while refusing`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(3000);
  }, 600_000);
});
