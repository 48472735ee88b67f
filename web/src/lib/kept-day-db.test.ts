import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptDayDb, mayHoldKeptDay } from './kept-day-db';

afterEach(() => vi.unstubAllGlobals());

describe('whether the browser may hold a kept driver’s day (decision 0078)', () => {
  it('not when the browser has no database of that name, or no IndexedDB at all', async () => {
    vi.stubGlobal('indexedDB', { databases: async () => [{ name: 'something-else', version: 1 }] });
    expect(await mayHoldKeptDay()).toBe(false);
    vi.stubGlobal('indexedDB', undefined);
    expect(await mayHoldKeptDay()).toBe(false);
  });

  it('when it has one, or cannot say', async () => {
    vi.stubGlobal('indexedDB', { databases: async () => [{ name: keptDayDb, version: 1 }] });
    expect(await mayHoldKeptDay()).toBe(true);
    vi.stubGlobal('indexedDB', {});
    expect(await mayHoldKeptDay()).toBe(true);
    vi.stubGlobal('indexedDB', {
      databases: async () => {
        throw new Error('refused');
      },
    });
    expect(await mayHoldKeptDay()).toBe(true);
  });
});
