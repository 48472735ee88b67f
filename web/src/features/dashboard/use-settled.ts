import { useEffect, useRef, useState } from 'react';

/**
 * The value once it has stopped changing (part 1 §7, §9: calendar requests go 500 ms after the week
 * or warehouse selection last changed, the first one 1 s after the page opened). `null` until the
 * first delay has passed. Values are compared by their JSON, so a new array with the same days
 * does not restart the wait.
 */
export function useSettled<T>(value: T, firstDelayMs: number, delayMs: number): T | null {
  const [settled, setSettled] = useState<T | null>(null);
  const first = useRef(true);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`
  useEffect(() => {
    const timer = setTimeout(
      () => {
        first.current = false;
        setSettled(value);
      },
      first.current ? firstDelayMs : delayMs,
    );
    return () => clearTimeout(timer);
  }, [key, firstDelayMs, delayMs]);
  return settled;
}
