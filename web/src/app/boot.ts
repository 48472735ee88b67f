import type { QueryClient } from '@tanstack/react-query';
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
 * - the frame with the navigation: at once for a page that shows it, and for one that does not
 *   (the login page) once the browser is idle after the first screen, for the page after sign-in.
 * Nothing is drawn from here: the components read the same queries and find them loading or done.
 */
export function boot(queryClient: QueryClient, pathname: string): void {
  const session = queryClient.fetchQuery(profileQuery);
  void queryClient.prefetchQuery(configQuery);
  const route = appRoutes.find((r) => matchPath(r.path, pathname));
  if (!route?.hideNav) void preloadFrame().catch(() => {});
  else whenIdle(() => void preloadFrame().catch(() => {}));
  if (!route) return;
  if (route.page && 'preload' in route.page) void route.page.preload().catch(() => {});
  session.then(
    (user) => {
      if (user && !route.public) route.prefetch?.(queryClient, user);
    },
    () => {},
  );
}

/** After the page has loaded and the browser has nothing else to do. */
function whenIdle(run: () => void): void {
  if (typeof window === 'undefined') return;
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
