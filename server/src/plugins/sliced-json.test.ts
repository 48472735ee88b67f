import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptsGzip, slicedJsonAnswer } from './answer-json.ts';

// Decision 0068: the whole orders of a calendar week are written a slice at a time into one gzip.
describe('slicedJsonAnswer', () => {
  const item = z.object({ id: z.number(), name: z.string() });
  async function* slices(...parts: unknown[][]) {
    for (const part of parts) yield part;
  }
  const read = async (...parts: unknown[][]) =>
    JSON.parse(gunzipSync((await slicedJsonAnswer('data', slices(...parts), item)).gzip).toString('utf8'));

  it('joins the slices in order, skips empty ones and drops what the schema does not name', async () => {
    expect(
      await read(
        [
          { id: 1, name: 'Dvořák', extra: true },
          { id: 2, name: 'Šťastná' },
        ],
        [],
        [{ id: 3, name: '"U Lípy"' }],
      ),
    ).toEqual({
      data: [
        { id: 1, name: 'Dvořák' },
        { id: 2, name: 'Šťastná' },
        { id: 3, name: '"U Lípy"' },
      ],
    });
    expect(await read()).toEqual({ data: [] });
    expect(await read([], [])).toEqual({ data: [] });
  });

  it('writes many slices of many items exactly once each', async () => {
    const parts = Array.from({ length: 40 }, (_, s) =>
      Array.from({ length: 250 }, (_, i) => ({ id: s * 250 + i, name: `Zákazník ${s}.${i}` })),
    );
    const { data } = await read(...parts);
    expect(data).toHaveLength(10_000);
    expect(data.map((d: { id: number }) => d.id)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
  });

  it('a bad item rejects the answer', async () => {
    await expect(slicedJsonAnswer('data', slices([{ id: 'x' }]), item)).rejects.toThrow();
  });
});

describe('acceptsGzip', () => {
  it('reads the names and weights of Accept-Encoding', () => {
    for (const yes of ['gzip', 'GZIP', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*', 'br, *;q=0.1'])
      expect(acceptsGzip(yes), yes).toBe(true);
    for (const no of [
      undefined,
      '',
      'identity',
      'br',
      'gzip;q=0',
      'gzip; q=0, br',
      '*;q=0',
      'gzip;q=0, *',
      'gzipx',
      'x-gzip',
    ])
      expect(acceptsGzip(no), String(no)).toBe(false);
  });
});
