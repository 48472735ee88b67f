import type { AnswerCache, AnswerOptions } from './answer-cache.ts';

/** What the key of a route's answer is derived from (a FastifyRequest, as the framework matched it). */
export type AnswerRequest = {
  routeOptions: { url?: string | undefined };
  params: unknown;
  query: unknown;
};

/** What an answer's key takes beyond the route's declared path and its validated params and query. */
export type AnswerKeyOptions = {
  /**
   * Query fields whose arrays are sets (their order and repeats mean nothing, such as the
   * calendar's warehouses and dates): sorted and without repeats in the key.
   */
  sets?: readonly string[];
  /**
   * What the answer reads of the request, when it is not its params and query as they came (the
   * order list's total: its filters, not its page); then in the key instead of them.
   */
  keyParts?: unknown;
  /** Whatever else the answer depends on: today's (Prague) date, the caller's own warehouses. */
  also?: unknown;
};

export type CachedAnswerOptions<T> = AnswerOptions<T> & AnswerKeyOptions;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byValue = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : byText(String(a), String(b));

/** JSON with every object's keys in order: the same value is the same text. */
const canonicalJson = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => byText(a, b)))
      : v,
  );

/**
 * The cache key of a route's answer, derived one way for every route: the route's declared path
 * (its first word, which the bench's loop probe counts hits by), then the canonical JSON of the
 * validated params and query (or `keyParts`) and `also`.
 */
export function answerKey(request: AnswerRequest, options: AnswerKeyOptions = {}): string {
  const { sets = [], keyParts, also } = options;
  let parts: unknown = keyParts;
  if (keyParts === undefined) {
    const query = { ...(request.query as Record<string, unknown> | undefined) };
    for (const name of sets) {
      const values = query[name];
      if (Array.isArray(values)) query[name] = [...new Set(values)].sort(byValue);
    }
    parts = { params: request.params ?? {}, query };
  }
  return `${request.routeOptions.url} ${canonicalJson({ parts, also: also ?? null })}`;
}

/**
 * The one way a route reaches the answer cache: `make()`'s answer, cached under `answerKey` with
 * the cache's own options (`bytes`, `knownVersion`, `scope`).
 */
export function cachedAnswer<T>(
  answers: AnswerCache,
  request: AnswerRequest,
  make: () => Promise<T>,
  options: CachedAnswerOptions<T> = {},
): Promise<T> {
  const { sets, keyParts, also, ...cacheOptions } = options;
  return answers.get(answerKey(request, { sets, keyParts, also }), make, cacheOptions);
}
