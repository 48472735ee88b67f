import { LRUCache } from 'lru-cache';

/**
 * The events of each order as a feed last wrote them, under the order's mark (decision 0073): a
 * calendar app polls, and after a change only the orders that changed are read and written again.
 * Bounded by their size (`maxBytes`, the answer cache's bound; 0 keeps nothing). Each server
 * process keeps its own.
 */
export type FeedTexts = {
  get(key: string, mark: string): string | undefined;
  set(key: string, mark: string, text: string): void;
};

export function createFeedTexts(maxBytes: number): FeedTexts {
  if (maxBytes <= 0) return { get: () => undefined, set: () => undefined };
  const texts = new LRUCache<string, { mark: string; text: string }>({
    maxSize: maxBytes,
    sizeCalculation: (v, key) => (v.text.length + v.mark.length + key.length) * 2 || 1,
  });
  return {
    get(key, mark) {
      const kept = texts.get(key);
      return kept?.mark === mark ? kept.text : undefined;
    },
    set(key, mark, text) {
      texts.set(key, { mark, text });
    },
  };
}
