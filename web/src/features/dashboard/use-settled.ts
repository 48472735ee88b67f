import { useEffect, useRef, useState } from 'react';

/**
 * The value once it has stopped changing (domain.md §1.7: calendar requests go 500 ms after the week or
 * warehouse selection last changed). `null` until the first value is settled. Values are compared
 * by their JSON, so a new array with the same days does not restart the wait.
 *
 * The first value counts from when it is `ready` (the user's warehouses are known), not from the
 * page's opening, and with `firstDelayMs` 0 it is settled in the very render that has it: nobody
 * has clicked yet, so there is nothing to wait for
 * (docs/decisions/0014-delivery-calendar-dashboard.md "Requests").
 */
export function useSettled<T>(value: T, firstDelayMs: number, delayMs: number, ready = true): T | null {
  const [settled, setSettled] = useState<T | null>(null);
  const first = useRef(true);
  const key = JSON.stringify(value);
  const atOnce = first.current && ready && firstDelayMs === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`
  useEffect(() => {
    if (!ready) return;
    if (first.current && firstDelayMs === 0) {
      first.current = false;
      setSettled(value);
      return;
    }
    const timer = setTimeout(
      () => {
        first.current = false;
        setSettled(value);
      },
      first.current ? firstDelayMs : delayMs,
    );
    return () => clearTimeout(timer);
  }, [key, ready, firstDelayMs, delayMs]);
  return atOnce ? value : settled;
}
