import { dehydrate } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, matchPath } from 'react-router';
import { landingPages } from '../../landing-pages';
import { i18n, i18nReady, type Language, languages } from '../i18n';
import { configQuery, profileQuery } from '../lib/session';
import { App } from './app';
import { preloadFrame } from './layout';
import { createQueryClient } from './query-client';
import { routeTree } from './router';
import { appRoutes } from './routes';

/** An answer of the API as the server gave it to the signed-in user's own request. */
export type ServerAnswer = { status: number; body: string };

export type DrawTask = {
  /** The page's address: a landing page `drawnOnServer`. */
  path: string;
  lang: string;
  /** The page's first answers (`landing-pages.ts`), by address. */
  answers: Record<string, ServerAnswer>;
};

/** The page drawn and what it was drawn from (TanStack Query's dehydrated cache, as JSON). */
export type Drawn = { html: string; lang: Language; state: string };

/**
 * Decision 0103: a landing page drawn on the server, for the signed-in user, from the answers the
 * server gave that user's own request. The app's calls are answered from those answers alone (a
 * call not among them is refused, as without a signal), so the page draws exactly what the
 * browser draws on its first render after the boot (`boot.ts`): the session, the settings, the
 * page's code and what the page asks for first. Null when there is nothing to draw for this user:
 * no session, or an answer that failed. Runs in a worker thread of the server
 * (`server/src/plugins/web-draw-worker.mjs`), one page at a time; never in the browser.
 */
export async function drawPage(task: DrawTask): Promise<Drawn | null> {
  if (!landingPages[task.path]?.drawnOnServer) return null;
  const lang: Language = (languages as readonly string[]).includes(task.lang)
    ? (task.lang as Language)
    : 'cs';
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const answer = task.answers[address];
    if (!answer) throw new TypeError(`not among the page's first answers: ${address}`);
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  await i18nReady;
  await i18n.changeLanguage(lang);
  const queryClient = createQueryClient();
  try {
    const user = await queryClient.fetchQuery(profileQuery);
    if (!user) return null;
    await queryClient.fetchQuery(configQuery);
    const route = appRoutes.find((r) => matchPath(r.path, task.path));
    if (!route || route.public) return null;
    await preloadFrame();
    if (route.page && 'preload' in route.page) await route.page.preload();
    await route.prefetch?.(queryClient, user);
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'success')
    )
      return null;
    const app = (
      <App
        queryClient={queryClient}
        makeRouter={() => createMemoryRouter(routeTree(), { initialEntries: [task.path] })}
      />
    );
    // Every boundary inline: React otherwise sends a large one's content after the page, put in
    // place by an inline script, which the page's Content-Security-Policy refuses.
    const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
    const html = await new Response(prelude).text();
    return { html, lang, state: JSON.stringify(dehydrate(queryClient)) };
  } catch {
    return null;
  } finally {
    queryClient.clear();
  }
}
