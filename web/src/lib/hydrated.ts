import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while React takes over the markup drawn at build time, and in that drawing (decision 0095);
 * true after, and at once in a page React draws itself. What the drawn page could not know (the
 * session, the settings) waits for it: rendered during the takeover, it would not match the markup.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
