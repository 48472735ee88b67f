import { useRef } from 'react';

/**
 * Where each page of the order list starts, for keyset paging (decision 0027): an answer's `next_after`
 * is where the page after it starts. A page reached from the one before (Next, or a number next to
 * it) asks `after` that token and is found in one index step however deep; a page jumped to, or
 * reloaded, pages by offset. The tokens belong to one list — the same filters, sort and page size
 * (`list`, the parameters of its first page) — and are forgotten when it changes.
 */
export function usePageStarts(list: object) {
  const identity = JSON.stringify(list);
  const starts = useRef<{ identity: string; tokens: Map<number, string> }>({ identity, tokens: new Map() });
  if (starts.current.identity !== identity) starts.current = { identity, tokens: new Map() };
  const tokens = starts.current.tokens;
  return {
    of: (page: number): string | undefined => (page > 1 ? tokens.get(page) : undefined),
    /** Keeps the token an answer of `page` gave for the page after it. */
    remember: (page: number, nextAfter: string | null | undefined) => {
      if (nextAfter) tokens.set(page + 1, nextAfter);
    },
  };
}
