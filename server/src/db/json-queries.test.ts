import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonAnswer } from '../plugins/answer-json.ts';
import { type BuiltTestApp, buildTestApp } from '../test/build.ts';
import { createJsonQueries } from './json-queries.ts';

// Decision 0049: an answer PostgreSQL writes whole is fetched and gzipped in a worker thread.
let t: BuiltTestApp;
const queries = createJsonQueries({ perThread: 2, maxQueue: 100 });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const text = (answer: JsonAnswer) => gunzipSync(answer.gzip).toString('utf8');

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await queries.close();
  await t?.close();
});

describe('JSON answers written by the database', () => {
  it('give the text gzipped, from a worker thread on PostgreSQL', async () => {
    const answer = await queries.answer(
      t.db,
      sql`select json_build_object('name', ${'Dvořák, Žďár nad Sázavou'}::text,
        'by', current_setting('application_name'),
        'orders', (select count(*) from orders))::text as json`,
      'none',
    );
    const value = JSON.parse(text(answer));
    expect(value.name).toBe('Dvořák, Žďár nad Sázavou');
    expect(value.orders).toBeGreaterThan(0);
    // The worker's connections name themselves; PGlite has one connection, the app's.
    expect(value.by === 'letokruh json worker').toBe(onPostgres);
  });

  it('many at once, each its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        queries.answer(t.db, sql`select ${`{"n":${i}}`}::text as json`, ''),
      ),
    );
    expect(answers.map((a) => JSON.parse(text(a)).n)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it("a failing query rejects with the driver's error code, which the error handler reads", async () => {
    const error = await queries.answer(t.db, sql`select (1 / 0)::text as json`, '').catch((e: unknown) => e);
    // In the thread, pg's error as it is; on PGlite, Drizzle's wrapper with it as the cause.
    const { cause } = error as { cause?: unknown };
    expect(((cause ?? error) as { code?: string }).code).toBe('22012');
    // The thread goes on answering.
    const after = await queries.answer(t.db, sql`select '[]'::text as json`, '');
    expect(text(after)).toBe('[]');
  });

  it('join the rows in their order, and answer `empty` when there are none', async () => {
    const parts = await queries.answer(
      t.db,
      sql`select json from (values (2, ',"b":2}'), (1, '{"a":1')) as v(n, json) order by n`,
      '{}',
    );
    expect(JSON.parse(text(parts))).toEqual({ a: 1, b: 2 });
    const none = await queries.answer(t.db, sql`select 'x' as json where false`, '{"none":true}');
    expect(text(none)).toBe('{"none":true}');
  });

  it('closing lets the queries under way finish', async () => {
    const own = createJsonQueries();
    const slow = own.answer(t.db, sql`select pg_sleep(0.2)::text || '{"done":true}' as json`, '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [answer] = await Promise.all([slow, own.close()]);
    expect(JSON.parse(text(answer))).toEqual({ done: true });
  });
});
