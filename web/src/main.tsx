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
import { boot } from './app/boot';
import { createQueryClient } from './app/query-client';
import { nextTask } from './lib/next-task';

/**
 * Decision 0104: the app's code runs in stages, each in a task of its own, so that a phone's main
 * thread is never held for long while the page it already shows (drawn by the server or the build)
 * waits to be taken over: first, with this module, the query cache and the boot (which asks for the
 * session, the settings and the page's code at once, decision 0047); then the texts, React's DOM
 * renderer, the theme and its providers, and the app with its router, each imported when its turn
 * comes; the router is made, and the first render started, each in a task of its own too.
 * index.html preloads every stage's code, so that no stage waits for a request. A module's code
 * runs when it is first imported: all in one task, it held a phone's main thread for 150–300 ms.
 */
async function start(root: HTMLElement): Promise<void> {
  // This module's imports have just run: what follows gets a task of its own.
  await nextTask();
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
  await nextTask();
  // The Czech texts are read in a task of their own, i18next set up with them in the next.
  await import('./i18n/cs.json');
  await nextTask();
  const { i18nReady } = await import('./i18n');
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  // The theme and the providers, evaluated here for the app below.
  await import('./app/providers');
  await nextTask();
  const [{ App }, { createRouter }] = await Promise.all([import('./app/app'), import('./app/router')]);
  // English (or another chosen language) loads before the first render: no Czech flash. So does the
  // code of the page and its frame (decision 0100).
  await Promise.allSettled([i18nReady, code]);
  // The router is made in a task of its own, not inside the first render (35 ms at 4× CPU).
  await nextTask();
  const router = createRouter();
  await nextTask();
  const app = <App queryClient={queryClient} makeRouter={() => router} />;
  // Decision 0095: the login page came drawn in the HTML (index.html's first-screen script put the
  // chosen language's copy in place), or the server drew the page (decision 0103); React takes over
  // that markup, in slices the browser may interrupt, instead of drawing it again.
  if (root.dataset.drawn === window.location.pathname) {
    startTransition(() => void hydrateRoot(root, app));
    // Decision 0103: a tap on a button of the page the server drew, made before now (index.html's
    // first-screen.js kept it), goes to that button now: React takes over the part it is in first.
    root.dataset.taken = 'yes';
    const early = (root as HTMLElement & { earlyTaps?: HTMLElement[] }).earlyTaps ?? [];
    for (const button of early.splice(0)) if (button.isConnected) button.click();
  } else {
    root.replaceChildren();
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
void start(root);
