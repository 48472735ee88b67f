import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { i18n, i18nReady, type Language } from '../i18n';
import { App } from './app';
import { createQueryClient } from './query-client';
import { routeTree } from './router';

/**
 * The login page drawn at build time (decision 0095), in one language: the markup the browser
 * shows before any script has run, and that React then hydrates. Run by the build only (Node,
 * through Vite's SSR loader: `vite.config.ts`), never shipped.
 */
export async function drawFirstScreen(path: string, lang: Language): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage(lang);
  const app = (
    <App
      queryClient={createQueryClient()}
      makeRouter={() => createMemoryRouter(routeTree(), { initialEntries: [path] })}
    />
  );
  const { prelude } = await prerender(app);
  return new Response(prelude).text();
}
