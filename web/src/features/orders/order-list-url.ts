import { pageSizes } from '@letokruh/contracts/common';
import {
  defaultOrderSort,
  firstDirection,
  type OrderSort,
  orderSorts,
  type SortDirection,
} from '@letokruh/contracts/order-sort';
import { orderStates } from '@letokruh/contracts/orders';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { noOrderFilters, type OrderFilters } from './api';

/** What the order list shows, as it lives in the address (decision 0027): share it, reload it, go back. */
export type OrderListView = {
  filters: OrderFilters;
  sort: OrderSort;
  direction: SortDirection;
  current_page: number;
  per_page: number;
};

// Kept for the browser session too (domain.md §1.2: filters persist across visits): /orders without
// parameters, as the menu opens it, comes back to the list as it was left. Cleared at logout
// (clearListStates removes every `list:` key).
const keptKey = 'list:orders:url';
/** List loads wait until typing stops (domain.md §1.9: order fetches are debounced 500 ms). */
const filterDebounceMs = 500;
const filterKeys = Object.keys(noOrderFilters) as (keyof OrderFilters)[];
const viewKeys = [...filterKeys, 'sort', 'direction', 'page', 'per_page'];

function kept(): string | null {
  try {
    return sessionStorage.getItem(keptKey) || null;
  } catch {
    return null;
  }
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** Reads the address; anything the list does not know falls back to its default. */
export function readView(params: URLSearchParams): OrderListView {
  const filters = { ...noOrderFilters };
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value !== null && key !== 'state') filters[key] = value;
  }
  filters.state = oneOf(orderStates, params.get('state')) ?? noOrderFilters.state;
  const sort = oneOf(orderSorts, params.get('sort')) ?? defaultOrderSort;
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  return {
    filters,
    sort,
    direction: oneOf(['asc', 'desc'] as const, params.get('direction')) ?? firstDirection[sort],
    current_page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: (pageSizes as readonly number[]).includes(perPage) ? perPage : 10,
  };
}

/** Writes a view back: only what differs from the defaults, so a plain list has a plain address. */
export function writeView(view: OrderListView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys)
    if (view.filters[key] !== noOrderFilters[key]) params.set(key, view.filters[key]);
  if (view.sort !== defaultOrderSort) params.set('sort', view.sort);
  if (view.direction !== firstDirection[view.sort]) params.set('direction', view.direction);
  if (view.current_page !== 1) params.set('page', String(view.current_page));
  if (view.per_page !== 10) params.set('per_page', String(view.per_page));
  return params;
}

/**
 * The order list's view in the URL search parameters. A filter replaces the history entry; a sort,
 * a page or a page size is a step Back undoes.
 */
export function useOrderListView() {
  const [params, setParams] = useSearchParams();
  const bare = !viewKeys.some((key) => params.has(key));
  // Arriving at a bare /orders, the kept view is shown at once (no first request for the plain
  // list) and then written into the address. Later a bare address is the list cleared to defaults.
  const restoring = useRef<string | null | undefined>(undefined);
  if (restoring.current === undefined) restoring.current = bare ? kept() : null;
  const shown = restoring.current && bare ? restoring.current : params.toString();
  // One object per address: the page's queries and effects see a change only when there is one.
  const view = useMemo(() => readView(new URLSearchParams(shown)), [shown]);
  const search = writeView(view).toString();

  useEffect(() => {
    if (restoring.current) {
      restoring.current = null;
      if (bare) {
        setParams(new URLSearchParams(search), { replace: true });
        return;
      }
    }
    try {
      sessionStorage.setItem(keptKey, search);
    } catch {
      // Storage full or blocked: the address still holds the view.
    }
  }, [bare, search, setParams]);

  const go = (next: OrderListView, push: boolean) => setParams(writeView(next), { replace: !push });
  // What is typed shows at once and reaches the address (and so the request) 500 ms after the
  // last key (domain.md §1.9), not one navigation per letter.
  const [draft, setDraft] = useState<OrderFilters | null>(null);
  const writeFilters = useDebouncedCallback(
    (filters: OrderFilters) => go({ ...view, filters, current_page: 1 }, false),
    filterDebounceMs,
  );
  // The address has caught up (or Back changed it): the form shows it again — unless more was
  // typed meanwhile, which is still on its way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the address counts
  useEffect(() => {
    if (!writeFilters.isPending()) setDraft(null);
  }, [view.filters]);
  return {
    ...view,
    /** The filters as typed, for the form; `view.filters` are the ones in the address. */
    typedFilters: draft ?? view.filters,
    /** Changing a filter goes back to the first page. */
    setFilter: <K extends keyof OrderFilters>(key: K, value: OrderFilters[K]) => {
      const filters = { ...(draft ?? view.filters), [key]: value };
      setDraft(filters);
      writeFilters(filters);
    },
    clearFilters: () => {
      writeFilters.cancel();
      setDraft(null);
      go({ ...view, filters: noOrderFilters, current_page: 1 }, true);
    },
    setPage: (current_page: number) => go({ ...view, current_page }, true),
    setPerPage: (per_page: number) => go({ ...view, per_page, current_page: 1 }, true),
    /** A header click: a new column starts its own way, the same column turns around. */
    sortBy: (sort: OrderSort) =>
      go(
        {
          ...view,
          sort,
          direction: sort === view.sort ? (view.direction === 'asc' ? 'desc' : 'asc') : firstDirection[sort],
          current_page: 1,
        },
        true,
      ),
  };
}
