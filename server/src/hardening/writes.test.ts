import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTargets } from '../modules/audit/audit.targets.ts';
import { dataVersionColumn } from '../plugins/answer-versions.ts';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * Decision 0022: a HEAD on a GET that writes (GET /api/order/add creates a draft) creates nothing,
 * and a write however reached is audited and draws a new data version. The writing GETs are
 * taken from the audit table, as the server takes them.
 */
let t: BuiltTestApp;
let owner: Client;
let orderId: number;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const dataVersion = async () =>
  rowsOf<{ v: string }>(await t.db.execute(sql`select ${dataVersionColumn} as v`))[0]!.v;
const auditRows = async () =>
  rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from audit_log`))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
  orderId = rowsOf<{ id: number }>(
    await t.db.execute(sql`select min(id)::int as id from orders where customer_id is not null`),
  )[0]!.id;
});
afterAll(() => t?.close());

const fill = (url: string) => url.replace(/:[^/]+/g, String(orderId));
const writingGets = () =>
  Object.keys(auditTargets)
    .filter((key) => key.startsWith('GET '))
    .map((key) => key.slice(4));

describe('HEAD on a writing GET', () => {
  it('the audit table names the writing GETs, and each is a registered route', () => {
    expect(writingGets().length).toBeGreaterThan(0);
    const registered = new Set(t.app.routesSeen.map((r) => `${r.method} ${r.url}`));
    for (const url of writingGets()) expect(registered.has(`GET ${url}`), url).toBe(true);
  });

  it('HEAD answers 405 with Allow: GET, writes nothing and draws no data version (×5 in parallel)', async () => {
    for (const url of writingGets()) {
      const [before, version, audits] = [await snapshot(t.db), await dataVersion(), await auditRows()];
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.app.inject({ method: 'HEAD', url: fill(url), cookies: owner.cookies }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode, url).toBe(405);
        expect(answer.headers.allow).toBe('GET');
      }
      expect(changedTables(before, await snapshot(t.db)), url).toEqual([]);
      expect(await dataVersion(), url).toBe(version);
      expect(await auditRows(), url).toBe(audits);
    }
  });

  it('HEAD on every other GET route writes nothing either', async () => {
    const before = await snapshot(t.db);
    // The logout (a GET by domain.md) ends the session, which is bookkeeping, not data.
    const gets = t.app.routesSeen.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && r.url !== '/api/auth/logout',
    );
    const statuses = await Promise.all(
      gets.map(async (r) => {
        const answer = await t.app.inject({ method: 'HEAD', url: fill(r.url), cookies: owner.cookies });
        return `${r.url} ${answer.statusCode}`;
      }),
    );
    expect(statuses.filter((s) => / 5\d\d$/.test(s))).toEqual([]);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('the same GET does write: one audit row and a new data version per call', async () => {
    // The logout writes the end of the session, no data (csrf.test.ts signs out by it).
    for (const url of writingGets().filter((u) => auditTargets[`GET ${u}`] !== null)) {
      const [version, audits] = [await dataVersion(), await auditRows()];
      const answer = await owner.get(fill(url));
      expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
      expect(await auditRows(), url).toBe(audits + 1);
      expect(await dataVersion(), url).not.toBe(version);
    }
  });

  it('a HEAD as a signed-in user without the function is refused by the guard first', async () => {
    const driver = await login(t.app, 'driver');
    const before = await snapshot(t.db);
    const answer = await t.app.inject({ method: 'HEAD', url: '/api/order/add', cookies: driver.cookies });
    expect([403, 405]).toContain(answer.statusCode);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });
});
