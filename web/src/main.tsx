import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/focus.css';
import './app/global.css';
// Decision 0103: the style sheets of "Můj den", which the server draws, are the app's own: its first
// paint has them, and none is added once the page is drawn (which restyles the whole page).
import 'leaflet/dist/leaflet.css';
import './features/driver/thumb.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { boot } from './app/boot';
import { createQueryClient } from './app/providers';
import { i18nReady } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
const queryClient = createQueryClient();
// Decision 0103: a page the server drew came with the answers it was drawn from: the first render
// reads them, as the server's drawing did, instead of asking again.
const drawnAnswers = document.getElementById('drawn-answers');
if (drawnAnswers?.textContent) {
  try {
    hydrate(queryClient, JSON.parse(drawnAnswers.textContent));
  } catch {
    // unreadable: the app asks for them
  }
}
const code = boot(queryClient, window.location.pathname);
// English (or another chosen language) loads before the first render: no Czech flash. So does the
// code of the page and its frame (decision 0100).
void Promise.allSettled([i18nReady, code]).finally(() => {
  const app = <App queryClient={queryClient} />;
  // Decision 0095: the login page came drawn in the HTML (index.html's first-screen script put the
  // chosen language's copy in place), or the server drew the page (decision 0103); React takes over
  // that markup, in slices the browser may interrupt, instead of drawing it again.
  if (root.dataset.drawn === window.location.pathname) startTransition(() => void hydrateRoot(root, app));
  else {
    root.replaceChildren();
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
});
