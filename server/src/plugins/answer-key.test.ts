import { describe, expect, it } from 'vitest';
import type { AnswerCache, AnswerOptions } from './answer-cache.ts';
import { answerKey, cachedAnswer } from './answer-key.ts';

// Decision 0060: every route reaches the answer cache through one helper, its key derived one way.
describe('answerKey', () => {
  const calendar = (query: Record<string, unknown>, params: Record<string, unknown> = {}) => ({
    routeOptions: { url: '/api/api/get-orders' },
    params,
    query,
  });
  const week = { warehouses: [2, 1], dates: ['2026-03-03', '2026-03-02'], show_cobined: false, view: 'full' };
  const sets = { sets: ['warehouses', 'dates'] };

  it('starts with the route as declared, then the same text for the same params and query', () => {
    const key = answerKey(calendar(week), sets);
    expect(key.split(' ')[0]).toBe('/api/api/get-orders');
    expect(answerKey(calendar({ ...week }), sets)).toBe(key);
  });

  it('one key for set-like arrays in another order or repeated, and for another order of fields', () => {
    const key = answerKey(calendar(week), sets);
    const shuffled = {
      view: 'full',
      dates: ['2026-03-02', '2026-03-03', '2026-03-02'],
      show_cobined: false,
      warehouses: [1, 2, 2],
    };
    expect(answerKey(calendar(shuffled), sets)).toBe(key);
    // An array not named a set keeps its order.
    expect(answerKey(calendar(shuffled))).not.toBe(answerKey(calendar(week)));
  });

  it('another key for other params, query, route, key parts or `also`', () => {
    const key = answerKey(calendar(week), { ...sets, also: [1, 2] });
    const others = [
      answerKey(calendar(week, { id: 1 }), { ...sets, also: [1, 2] }),
      answerKey(calendar({ ...week, warehouses: [1] }), { ...sets, also: [1, 2] }),
      answerKey(calendar({ ...week, id_out: 7 }), { ...sets, also: [1, 2] }),
      answerKey(calendar({ ...week, show_cobined: true }), { ...sets, also: [1, 2] }),
      answerKey({ ...calendar(week), routeOptions: { url: '/api/orders' } }, { ...sets, also: [1, 2] }),
      answerKey(calendar(week), { ...sets, also: [1] }),
      answerKey(calendar(week), { ...sets, also: null }),
      answerKey(calendar(week), sets),
      answerKey(calendar(week), { ...sets, also: [1, 2], keyParts: week }),
    ];
    for (const other of others) expect(other).not.toBe(key);
    expect(new Set(others).size).toBe(others.length - 1); // `also: null` is no `also`
  });

  it('key parts stand for the params and query: the same parts, the same key', () => {
    const list = (query: Record<string, unknown>) => ({
      routeOptions: { url: '/api/orders' },
      params: {},
      query,
    });
    const filters = { name: 'Novák', scope: null };
    expect(answerKey(list({ current_page: 1 }), { keyParts: filters })).toBe(
      answerKey(list({ current_page: 2 }), { keyParts: { scope: null, name: 'Novák' } }),
    );
    expect(answerKey(list({}), { keyParts: filters })).not.toBe(
      answerKey(list({}), { keyParts: { ...filters, scope: [1] } }),
    );
  });
});

describe('cachedAnswer', () => {
  it("asks the cache under answerKey with the cache's own options only", async () => {
    const asked: { key: string; options: AnswerOptions<unknown> | undefined }[] = [];
    const answers = {
      get: async (key: string, make: () => Promise<unknown>, options?: AnswerOptions<unknown>) => {
        asked.push({ key, options });
        return make();
      },
    } as unknown as AnswerCache;
    const request = {
      routeOptions: { url: '/api/order/:id/get_delivery_note' },
      params: { id: 5 },
      query: {},
    };
    const bytes = () => 8;
    expect(
      await cachedAnswer(answers, request, async () => 42, {
        also: '2026-03-02',
        bytes,
        scope: { order: 5 },
      }),
    ).toBe(42);
    expect(asked).toEqual([
      { key: answerKey(request, { also: '2026-03-02' }), options: { bytes, scope: { order: 5 } } },
    ]);
  });
});
