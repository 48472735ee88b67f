import { listTotalCap } from '@letokruh/contracts/common';
import { ErrorCode } from '@letokruh/contracts/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, login } from '../test/build.ts';
import { cappedCount, cappedCountSql } from './paging.ts';
import { orders } from './schema/index.ts';

// Decision 0020: lists count to the cap and page no deeper, so a million orders cost what 10 000 do.
let t: BuiltTestApp;
let owner: Client;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner');
});
afterAll(() => t?.close());

describe('capped counts', () => {
  it('count exactly below the cap and stop at cap + 1 above it', async () => {
    const all = (await owner.get('/api/orders?per_page=1000&state=all')).json().total as number;
    expect(all).toBeGreaterThan(100);
    const query = () => t.db.select({ one: orders.id }).from(orders).$dynamic();
    expect(await cappedCount(t.db, query(), all + 5)).toBe(all);
    expect(await cappedCount(t.db, query(), 50)).toBe(51);
    expect(await cappedCountSql(t.db, sql`from orders`, 50)).toBe(51);
    expect(await cappedCountSql(t.db, sql`from orders where id < 0`, 50)).toBe(0);
  });

  it('a page that would start past the cap is refused, naming current_page', async () => {
    const lastPage = listTotalCap / 1000;
    expect((await owner.get(`/api/orders?per_page=1000&current_page=${lastPage}`)).statusCode).toBe(200);
    for (const url of [
      `/api/orders?per_page=1000&current_page=${lastPage + 1}`,
      `/api/customers?per_page=10&current_page=${listTotalCap / 10 + 1}`,
      '/api/audit_log?per_page=100&current_page=500',
    ]) {
      const refused = await owner.get(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['current_page'] });
    }
  });
});
