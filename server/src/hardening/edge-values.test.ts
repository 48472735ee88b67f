import os from 'node:os';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../app.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { someCustomerId } from '../test/customers.ts';
import { crew, makeOrder, warehouseIds } from '../test/orders.ts';
import { makeProduct } from '../test/products.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * The edges of every day, time and number a call takes (domain.md §3.3 Days the product deals
 * in): the bounds, one beyond, the years 0, 9999 and 10000, negative and enormous numbers, and
 * both daylight-saving days, put into every parameter of every route in turn while the others
 * hold valid values, so that a value gets past validation into the handler and the database
 * whenever it may. Never a 5xx, every call answered within 5 s, and a route that refused every
 * value wrote nothing.
 */
let t: BuiltTestApp;
let owner: Client;
/** A planned order of its own, which the reschedule probes move about. */
let planned: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  const { jihlava } = await warehouseIds(owner);
  const { driverId, carId } = await crew(owner, jihlava);
  const order = await makeOrder(owner, {
    warehouseId: jihlava,
    customerId: await someCustomerId(owner, 4),
    lines: [{ id: await makeProduct(owner, jihlava, { stock: 100 }), amount: 1 }],
    items: { distance: 20, duration: 30 },
    intern: {
      driver_id: driverId,
      car_id: carId,
      expected_delivery_date: '2032-03-01',
      expected_delivery_time: '09:00',
    },
  });
  planned = order.id;
});

/**
 * Calls whose body must carry what only the moment knows (the order's current version), so that
 * a good edge value is saved rather than refused as a stale edit.
 */
const freshBody: Record<string, (payload: Record<string, unknown>) => Promise<Record<string, unknown>>> = {
  'PUT /api/order/:id/reschedule': async (payload) => ({
    ...payload,
    confirm_overlap: true,
    version: (await owner.get(`/api/order/${planned}`)).json().item.version,
  }),
};
const pathId: Record<string, () => number> = { 'PUT /api/order/:id/reschedule': () => planned };
afterAll(() => t?.close());

const today = pragueDay();
const days = [
  '1999-12-31',
  '2000-01-01',
  '2012-12-31',
  '2013-01-01',
  '2100-12-31',
  '2101-01-01',
  '0000-01-01',
  '9999-12-31',
  '10000-01-01',
  '-0001-01-01',
  '+010000-01-01',
  '2026-03-29',
  '2026-10-25',
  '2027-03-28',
  '2027-10-31',
  '2028-02-29',
  '2027-02-29',
  today,
];
const clocks = ['00:00', '23:59', '24:00', '02:30', '-01:00', '9:5'];
const wallClocks = [
  '2026-03-29T02:30',
  '2027-03-28T02:00',
  '2026-10-25T02:30',
  '2000-01-01T00:00',
  '2012-12-31T23:59',
  '0000-01-01T00:00',
  '9999-12-31T23:59',
  '2101-01-01T00:00',
];
const instants = [
  '2026-03-29T01:30:00Z',
  '2026-10-25T00:30:00+02:00',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2101-01-01T00:00:00+01:00',
  new Date().toISOString(),
];
const numbers = [
  '0',
  '-1',
  '1',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e21',
  '1e-7',
  '-0',
];

type Kind = 'day' | 'clock' | 'wallClock' | 'instant' | 'number' | 'other';
const samples: Record<Exclude<Kind, 'other'>, string> = {
  day: today,
  clock: '10:00',
  wallClock: `${today}T10:00`,
  instant: new Date().toISOString(),
  number: '1',
};
const edges: Record<Kind, string[]> = {
  day: [...days, ...numbers.slice(0, 3)],
  clock: clocks,
  wallClock: [...wallClocks, ...days.slice(0, 3)],
  instant: [...instants, ...days.slice(0, 2)],
  number: numbers,
  other: [...days.slice(6, 9), ...numbers.slice(1, 5)],
};

type Schema = { safeParse(value: unknown): { success: boolean }; shape?: Record<string, Schema> };
type Def = { type?: string; in?: Schema; innerType?: Schema; schema?: Schema };
const defOf = (schema: unknown): Def => ((schema as { _zod?: { def?: Def } })?._zod?.def ?? {}) as Def;

/** The object shape a zod schema reads, through optional, default, pipe and refinements. */
function shapeOf(schema: unknown, depth = 0): Record<string, Schema> {
  if (!schema || depth > 8) return {};
  const shape = (schema as Schema).shape;
  if (shape && typeof shape === 'object') return shape;
  const def = defOf(schema);
  return shapeOf(def.in ?? def.innerType ?? def.schema, depth + 1);
}

/** What a field is, by the sample it takes: a query sends text, a body JSON. */
function kindOf(field: Schema, asJson: boolean): Kind {
  for (const kind of ['wallClock', 'instant', 'day', 'clock'] as const) {
    if (field.safeParse(samples[kind]).success) return kind;
  }
  if (field.safeParse(asJson ? 1 : '1').success) return 'number';
  return 'other';
}

const typed = (kind: Kind, value: string, asJson: boolean): unknown =>
  asJson && kind === 'number' && Number.isFinite(Number(value)) ? Number(value) : value;

/** A valid value for a required field, or undefined when none of the samples fits. */
function validFor(field: Schema, asJson: boolean): unknown {
  const candidates = asJson
    ? [1, samples.day, samples.clock, samples.wallClock, samples.instant, 'Novák', true, [], {}]
    : ['1', samples.day, samples.clock, samples.wallClock, samples.instant, 'cs', 'true', 'x'];
  return candidates.find((c) => field.safeParse(c).success);
}

type Probe = { label: string; url: string; payload?: unknown };

function probesFor(route: RegisteredRoute): Probe[] {
  const id = pathId[`${route.method} ${route.url}`]?.() ?? 1;
  const url = route.url.replace(/:[^/]+/g, String(id));
  const probes: Probe[] = [];
  const query = shapeOf(route.schema?.querystring);
  const required = (field: Schema) => !field.safeParse(undefined).success;
  const baseQuery: Record<string, string> = {};
  for (const [key, field] of Object.entries(query)) {
    const value = validFor(field, false);
    if (required(field) && typeof value === 'string') baseQuery[key] = value;
  }
  for (const [key, field] of Object.entries(query)) {
    const kind = kindOf(field, false);
    for (const value of edges[kind]) {
      const params = new URLSearchParams({ ...baseQuery, [key]: value });
      probes.push({ label: `?${key}=${value}`, url: `${url}?${params}` });
    }
  }
  // Every day of the query at the same edge at once (a range starting and ending there).
  const dayKeys = Object.entries(query).filter(([, f]) => kindOf(f, false) === 'day');
  if (dayKeys.length > 1) {
    for (const value of days) {
      const params = new URLSearchParams({
        ...baseQuery,
        ...Object.fromEntries(dayKeys.map(([k]) => [k, value])),
      });
      probes.push({ label: `all days ${value}`, url: `${url}?${params}` });
    }
  }
  const body = shapeOf(route.schema?.body);
  if (route.method !== 'GET' && Object.keys(body).length) {
    const baseBody: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(body)) {
      const value = validFor(field, true);
      if (value !== undefined) baseBody[key] = value;
    }
    for (const [key, field] of Object.entries(body)) {
      const kind = kindOf(field, true);
      if (kind === 'other') continue;
      for (const value of edges[kind]) {
        probes.push({
          label: `${key}: ${value}`,
          url,
          payload: { ...baseBody, [key]: typed(kind, value, true) },
        });
      }
    }
  }
  return probes;
}

/**
 * A call unanswered within 5 s counts as hung (and is left behind). On a machine busier than its
 * cores (load average above their number) the 5 s stretch by the same factor: a PDF drawn by one
 * thread among fifteen runnable processes is slow, not hung.
 */
const hangMs = 5000 * Math.max(1, os.loadavg()[0]! / os.availableParallelism());

async function send(route: RegisteredRoute, probe: Probe) {
  const fresh = freshBody[`${route.method} ${route.url}`];
  const payload =
    fresh && probe.payload ? await fresh(probe.payload as Record<string, unknown>) : probe.payload;
  const started = performance.now();
  const answer = owner.request(route.method as 'GET', probe.url, {
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { 'sec-fetch-site': 'same-origin', accept: 'application/json' },
  });
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), hangMs);
  });
  const response = await Promise.race([answer, hung]);
  clearTimeout(timer);
  return { response, ms: performance.now() - started };
}

/** Calls that never end by design, or end the session the probes use. */
const skipped = new Set(['GET /api/auth/logout', 'GET /api/events']);

describe('edge values of days, times and numbers', () => {
  it('never answer 5xx or hang, and a route that refused them all wrote nothing', async () => {
    const routes = t.app.routesSeen.filter(
      (r) => r.url.startsWith('/api/') && !skipped.has(`${r.method} ${r.url}`),
    );
    const failures: string[] = [];
    const accepted = new Set<string>();
    /** The first refusal of each route, to say why one never got past validation. */
    const firstRefusal = new Map<string, string>();
    let sent = 0;
    for (const route of routes) {
      const probes = probesFor(route);
      if (probes.length === 0) continue;
      const before = await snapshot(t.db);
      let anyAccepted = false;
      for (const probe of probes) {
        const { response, ms } = await send(route, probe);
        sent++;
        const where = `${route.method} ${route.url} ${probe.label}`;
        if (response === null) failures.push(`${where}: no answer within ${Math.round(hangMs)} ms`);
        else if (response.statusCode >= 500) {
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        } else if (response.statusCode < 400) {
          anyAccepted = true;
          accepted.add(`${route.method} ${route.url}`);
        } else if (ms > hangMs) failures.push(`${where}: ${Math.round(ms)} ms`);
        else if (!firstRefusal.has(`${route.method} ${route.url}`)) {
          firstRefusal.set(`${route.method} ${route.url}`, `${probe.label} ${response.body.slice(0, 200)}`);
        }
      }
      if (!anyAccepted) {
        const changed = changedTables(before, await snapshot(t.db));
        if (changed.length)
          failures.push(`${route.method} ${route.url} wrote ${changed.join(', ')} refusing all`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1500);
    // The probes reached the handlers of the calls that take days, not only their validation.
    for (const key of [
      'GET /api/download-orders',
      'GET /api/driver/day',
      'GET /api/orders',
      'GET /api/api/get-orders',
      'GET /api/stats_by_warehouses',
      'GET /api/stats_orders',
      'GET /api/audit_log',
      'PUT /api/order/:id/reschedule',
    ]) {
      expect(accepted, `${key}: ${firstRefusal.get(key)}`).toContain(key);
    }
  }, 600_000);
});
