import { describe, expect, it } from 'vitest';
import { createLiveOrders, eventFor, type LiveStream, parseNotice } from './live-orders.ts';

/** domain.md §1.10: who is told what of a notice (the stream route and the triggers have their own tests). */
const moved = JSON.stringify({ id: 7, k: 'moved', v: 4, w: [1, 2], d: ['2026-11-27', '2026-11-30'] });

const stream = (scope: number[] | null, seesOrders = true) => {
  const chunks: string[] = [];
  const s: LiveStream & { chunks: string[]; ended: boolean } = {
    sessionId: 's',
    userId: 1,
    scope,
    seesOrders,
    chunks,
    ended: false,
    write: (chunk) => {
      chunks.push(chunk);
      return true;
    },
    end() {
      s.ended = true;
    },
  };
  return s;
};

describe('eventFor', () => {
  it('tells an unscoped user everything, a scoped one only their side of a move', () => {
    const notice = parseNotice(moved)!;
    expect(eventFor(notice, { scope: null, seesOrders: true })?.data).toEqual({
      id: 7,
      kind: 'moved',
      version: 4,
      warehouses: { before: 1, after: 2 },
      dates: { before: '2026-11-27', after: '2026-11-30' },
    });
    // Moved from warehouse 1 into warehouse 2: the yard of 2 sees it arrive, not where from.
    expect(eventFor(notice, { scope: [2], seesOrders: true })?.data).toMatchObject({
      warehouses: { before: null, after: 2 },
      dates: { before: null, after: '2026-11-30' },
    });
    expect(eventFor(notice, { scope: [1], seesOrders: true })?.data).toMatchObject({
      warehouses: { before: 1, after: null },
      dates: { before: '2026-11-27', after: null },
    });
    expect(eventFor(notice, { scope: [3], seesOrders: true })).toBeNull();
    expect(eventFor(notice, { scope: [], seesOrders: true })).toBeNull();
    expect(eventFor(notice, { scope: null, seesOrders: false })).toBeNull();
  });

  it('many orders at once: a resync for the warehouses concerned', () => {
    const many = parseNotice('{"many":true,"w":[1]}')!;
    expect(eventFor(many, { scope: null, seesOrders: true })).toEqual({
      name: 'resync',
      data: { reason: 'many' },
    });
    expect(eventFor(many, { scope: [1, 3], seesOrders: true })?.name).toBe('resync');
    expect(eventFor(many, { scope: [2], seesOrders: true })).toBeNull();
    expect(eventFor(parseNotice('{"many":true,"w":null}')!, { scope: [2], seesOrders: true })?.name).toBe(
      'resync',
    );
  });

  it('a payload that is none of ours is ignored', () => {
    for (const payload of [
      '',
      'users',
      '{"id":"x"}',
      '{"id":1,"k":"exploded","v":1,"w":[1,1],"d":[null,null]}',
    ])
      expect(parseNotice(payload)).toBeNull();
  });
});

describe('createLiveOrders', () => {
  it('hands a notice to each stream that may see it, in SSE format', () => {
    const live = createLiveOrders();
    const all = stream(null);
    const other = stream([3]);
    live.add(all);
    live.add(other);
    live.notice(moved);
    expect(all.chunks).toEqual([
      `event: order\ndata: ${JSON.stringify(eventFor(parseNotice(moved)!, all)!.data)}\n\n`,
    ]);
    expect(other.chunks).toEqual([]);
  });

  it('hearing the channel again after a loss tells every stream to reload', () => {
    const live = createLiveOrders();
    live.hearing(true);
    const s = stream([1]);
    live.add(s);
    live.hearing(false);
    live.notice(moved); // not heard in reality; what the streams miss meanwhile is the point
    live.hearing(true);
    expect(s.chunks.at(-1)).toBe('event: resync\ndata: {"reason":"missed"}\n\n');
  });

  it('a client that stops reading is ended, not buffered without bound; endAll ends the rest', () => {
    const live = createLiveOrders();
    const stuck = stream(null);
    stuck.write = () => false;
    const fine = stream(null);
    const remove = live.add(stuck);
    live.add(fine);
    live.notice(moved);
    expect(stuck.ended).toBe(true);
    expect(live.stats()).toMatchObject({ streams: 1, dropped: 1 });
    remove();
    live.endAll();
    expect(fine.ended).toBe(true);
    expect(live.stats().streams).toBe(0);
  });
});
