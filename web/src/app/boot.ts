import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { configQuery, profileQuery } from '../lib/session';
import { preloadFrame } from './layout';
import { appRoutes } from './routes';

/**
 * Decision 0047, LCP: what the first screen waits for is asked for at once and side by side, while the
 * app's own scripts still run, instead of one after the other as each component mounts (the
 * session, then the page's code, then the settings, then the page's data: four round trips one
 * after another; figures: bench/results/2026-11-29-comment-figures.md). Asked for here:
 * - the session (`GET /auth/user`) and the public settings (`GET /config`), which every page needs;
 * - the code of the page at the address the browser opened;
 * - once the session is known, what that page asks for first (`AppRoute.prefetch`);
 * - the frame with the navigation: at once for a page that shows it; for one that does not (the
 *   login page) once the session is known to be open (the page sends the user on), or once the
 *   user first types or taps there, so that the page after sign-in finds it loaded. Not when the
 *   browser is idle: on a slow phone its code is a long task while the page loads.
 * Nothing is drawn from here: the components read the same queries and find them loading or done.
 * The promise it returns settles once the code of the page and of its frame is here (decision 0100),
 * and the session and the settings are answered: the app's first render waits for it. Neither
 * suspends, so React does not hold back the page for 300 ms after a fallback; and no answer lands
 * while that render is under way, which would make React redo it in one long task (decision 0102).
 */
export function boot(queryClient: QueryClient, pathname: string): Promise<void> {
  // A page the server drew came with the session's answer (decision 0103): it is not asked again.
  const session = queryClient.ensureQueryData(profileQuery);
  // Waited for on its first try, and only with a signal: offline its query waits for one.
  const config = queryClient.prefetchQuery({ ...configQuery, retry: false });
  const route = appRoutes.find((r) => matchPath(r.path, pathname));
  const code: Promise<unknown>[] = onlineManager.isOnline() ? [session, config] : [session];
  const frame = () => void preloadFrame().catch(() => {});
  if (!route?.hideNav) code.push(preloadFrame());
  else whenUserActs(frame);
  if (route?.page && 'preload' in route.page) code.push(route.page.preload());
  session.then(
    (user) => {
      if (!user || !route) return;
      if (route.hideNav) frame();
      if (!route.public) void route.prefetch?.(queryClient, user);
    },
    () => {},
  );
  // Settled either way: a chunk or an answer that failed is asked for again as the page renders,
  // which shows the error.
  return Promise.allSettled(code).then(() => {});
}

/** The first time the user presses a key or touches the page. */
function whenUserActs(run: () => void): void {
  if (typeof window === 'undefined') return;
  const kinds = ['keydown', 'pointerdown'] as const;
  const once = () => {
    for (const kind of kinds) window.removeEventListener(kind, once, true);
    run();
  };
  for (const kind of kinds) window.addEventListener(kind, once, true);
}
