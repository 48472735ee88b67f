import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { builtOnce } from './built-once.ts';

const text = (q: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(q);

describe('a statement built once per key (decision 0072)', () => {
  it('answers the same text and parameters, building it only the first time', () => {
    let builds = 0;
    const build = () => {
      builds++;
      return sql`select * from orders where warehouse_id = ${3} and state = ${'open'} and id = any(${sql.param([1, 2])}::int[]) limit ${10}`;
    };
    const first = text(builtOnce('test a', build));
    const again = text(builtOnce('test a', build));
    expect(builds).toBe(1);
    expect(first).toEqual(text(build()));
    expect(again).toEqual(first);
    expect(first.params).toEqual([3, 'open', [1, 2], 10]);
  });

  it('keeps apart what another key builds', () => {
    const a = text(builtOnce('test b1', () => sql`select ${1}`));
    const b = text(builtOnce('test b2', () => sql`select ${2}`));
    expect([a.params, b.params]).toEqual([[1], [2]]);
  });

  it('does not keep a text with a "$n" it did not write, and builds it each time', () => {
    let builds = 0;
    const build = () => {
      builds++;
      return sql`select '$1 and $2' as x, ${5} as y`;
    };
    expect(text(builtOnce('test c', build))).toEqual(text(build()));
    builtOnce('test c', build);
    expect(builds).toBe(3);
  });
});
