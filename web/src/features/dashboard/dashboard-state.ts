import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { calendarSettingsStorageKey } from '../../ui/calendar/calendar-settings';

/**
 * What the dashboard keeps for the browser session (domain.md §1.3 "Dashboard filter state kept for the
 * session"): the chosen warehouses, the day, the open order and the view. `warehouses` is null until
 * the user first chooses, so that the first visit can take all their own warehouses.
 */
export type DashboardState = {
  warehouses: number[] | null;
  date: string;
  orderId: number | null;
  view: 'week' | 'day';
};

const storageKey = 'dashboard:state';

const listeners = new Set<() => void>();
let cached: DashboardState | null = null;

const initial = (): DashboardState => ({ warehouses: null, date: pragueDay(), orderId: null, view: 'week' });

function read(): DashboardState {
  if (cached) return cached;
  let value = initial();
  try {
    const stored = sessionStorage.getItem(storageKey);
    if (stored) value = { ...value, ...(JSON.parse(stored) as Partial<DashboardState>) };
  } catch {
    // A broken entry is ignored.
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value.date)) value.date = pragueDay();
  cached = value;
  return value;
}

function write(value: DashboardState): void {
  cached = value;
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(value));
  } catch {
    // Storage blocked: the state lives for this page load.
  }
  for (const listener of listeners) listener();
}

/** Forgets the kept state and the calendar settings kept beside it (at logout; tests). */
export function resetDashboardState(): void {
  cached = null;
  try {
    sessionStorage.removeItem(storageKey);
    sessionStorage.removeItem(calendarSettingsStorageKey);
  } catch {
    // Nothing kept.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Changes part of the kept state. */
export function updateDashboardState(patch: Partial<DashboardState>): void {
  write({ ...read(), ...patch });
}

/**
 * One field of the kept state: the component re-renders only when that field changes (the open
 * order does not re-render the whole dashboard, only the calendar's highlight and the overlay).
 */
export function useDashboardField<K extends keyof DashboardState>(key: K): DashboardState[K] {
  return useSyncExternalStore(subscribe, () => read()[key]);
}

/** What the address (`?view=day&date=2026-11-18`) says of the state; nothing it does not say. */
function addressPatch(params: URLSearchParams): Partial<DashboardState> {
  const patch: Partial<DashboardState> = {};
  const v = params.get('view');
  const d = params.get('date');
  if (v === 'week' || v === 'day') patch.view = v;
  if (d && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d))) patch.date = d;
  return patch;
}

/** The state the page will open with at this address (the kept one, the address winning). */
export const openingDashboardState = (search: string): DashboardState => ({
  ...read(),
  ...addressPatch(new URLSearchParams(search)),
});

/**
 * Decision 0026: the view and the day are in the address (`?view=day&date=2026-11-18`), so that a day of
 * drivers' columns can be linked, reloaded and gone back to. The address wins when the page opens;
 * afterwards the address follows the kept state (replacing the history entry, not adding one).
 */
export function useDashboardUrl(): void {
  const [params, setParams] = useSearchParams();
  const view = useDashboardField('view');
  const date = useDashboardField('date');
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page opens
  useLayoutEffect(() => {
    const patch = addressPatch(params);
    if (Object.keys(patch).length > 0) updateDashboardState(patch);
  }, []);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (params.get('view') === view && params.get('date') === date) return;
    const next = new URLSearchParams(params);
    next.set('view', view);
    next.set('date', date);
    setParams(next, { replace: true });
  }, [view, date, params, setParams]);
}
