import { useCallback, useSyncExternalStore } from 'react';

/**
 * Filters and paging of a list, kept for the browser session (domain.md §1.2: "filters persist in
 * shared state across visits"): leaving a list and coming back finds it as it was left.
 */
export type ListState<F> = { filters: F; current_page: number; per_page: number };

const storageKey = (name: string) => `list:${name}`;
const listeners = new Map<string, Set<() => void>>();
const cache = new Map<string, unknown>();

function read<F>(name: string, initial: ListState<F>): ListState<F> {
  if (cache.has(name)) return cache.get(name) as ListState<F>;
  let value = initial;
  try {
    const stored = sessionStorage.getItem(storageKey(name));
    if (stored) value = { ...initial, ...(JSON.parse(stored) as ListState<F>) };
  } catch {
    // A broken entry is ignored; the list starts from its defaults.
  }
  cache.set(name, value);
  return value;
}

function write<F>(name: string, value: ListState<F>): void {
  cache.set(name, value);
  try {
    sessionStorage.setItem(storageKey(name), JSON.stringify(value));
  } catch {
    // Storage full or blocked: the state still lives for this page load.
  }
  for (const listener of listeners.get(name) ?? []) listener();
}

/** Forgets every kept list state (at logout: the next user starts clean). */
export function clearListStates(): void {
  cache.clear();
  for (const key of Object.keys(sessionStorage)) if (key.startsWith('list:')) sessionStorage.removeItem(key);
}

export function useListState<F extends Record<string, unknown>>(name: string, emptyFilters: F, perPage = 10) {
  const initial: ListState<F> = { filters: emptyFilters, current_page: 1, per_page: perPage };
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
    [name],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the initial value only matters the first time
  const getSnapshot = useCallback(() => read(name, initial), [name]);
  const state = useSyncExternalStore(subscribe, getSnapshot);
  return {
    ...state,
    /** Changing a filter goes back to the first page. */
    setFilter: <K extends keyof F>(key: K, value: F[K]) =>
      write(name, { ...state, filters: { ...state.filters, [key]: value }, current_page: 1 }),
    /** Several filters at once (a preset that sets both ends of a range). */
    setFilters: (changes: Partial<F>) =>
      write(name, { ...state, filters: { ...state.filters, ...changes }, current_page: 1 }),
    clearFilters: () => write(name, { ...state, filters: emptyFilters, current_page: 1 }),
    setPage: (current_page: number) => write(name, { ...state, current_page }),
    setPerPage: (per_page: number) => write(name, { ...state, per_page, current_page: 1 }),
  };
}
