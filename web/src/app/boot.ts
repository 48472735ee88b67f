import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { configQuery, profileQuery } from '../lib/session';
import { appRoutes } from './routes';

/**
 * Decision 0047, LCP: what the first screen waits for is asked for at once and side by side, while the
 * app's own scripts still run, instead of one after the other as each component mounts (the
 * session, then the page's code, then the settings, then the page's data: four round trips one
 * after another; figures: bench/results/2026-11-29-comment-figures.md). Asked for here:
 * - the session (`GET /auth/user`) and the public settings (`GET /config`), which every page needs;
 * - the code of the page at the address the browser opened;
 * - once the session is known, what that page asks for first (`AppRoute.prefetch`).
 * Nothing is drawn from here: the components read the same queries and find them loading or done.
 */
export function boot(queryClient: QueryClient, pathname: string): void {
  const session = queryClient.fetchQuery(profileQuery);
  void queryClient.prefetchQuery(configQuery);
  const route = appRoutes.find((r) => matchPath(r.path, pathname));
  if (!route) return;
  if (route.page && 'preload' in route.page) void route.page.preload().catch(() => {});
  session.then(
    (user) => {
      if (user && !route.public) route.prefetch?.(queryClient, user);
    },
    () => {},
  );
}
