import { type ComponentProps, type ComponentType, createElement, lazy, useEffect, useState } from 'react';

/** A component whose code loads on first use, or earlier when someone asks for it (`preload`). */
export type Preloadable<C extends Component = ComponentType> = C & {
  preload: () => Promise<unknown>;
  /** Whether the code is here (the component then draws without suspending). */
  loaded: () => boolean;
};

/** Any component, whatever its props (as `React.lazy` takes it). */
// biome-ignore lint/suspicious/noExplicitAny: props of any shape, as in React.lazy's own signature
type Component = ComponentType<any>;

/**
 * `React.lazy` with the loading started by whoever knows first (decision 0047, LCP): the boot asks for
 * the page of the address the browser opened while the session is still being checked, instead of
 * after it. The module is asked for once.
 *
 * Decision 0100: once the code is here, the component is drawn from it directly. `React.lazy` alone
 * suspends on its first render even when the module has long arrived (it learns so only from the
 * promise's next turn), so its Suspense boundary draws the fallback; and React then holds back the
 * content of every boundary for 300 ms after the last fallback it drew. Each page, frame and week
 * suspending once in a row put off the dashboard's first paint by up to a second.
 */
export function preloadable<C extends Component>(load: () => Promise<{ default: C }>): Preloadable<C> {
  let loading: Promise<{ default: C }> | null = null;
  let loaded: C | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null; // a failed chunk (a deploy meanwhile, a dropped line) is asked for again
        throw error;
      },
    );
    return loading;
  };
  // Drawn through React.lazy (a page, a part behind a Suspense boundary): without a signal (the
  // browser offline, before the service worker has the app) the code is asked for again once the
  // signal returns, and the part's fallback stays meanwhile, instead of the failure taking the
  // page to the router's error screen (decision 0105). Online, a failure is thrown as before (a
  // deploy meanwhile: the error screen offers a reload).
  const whenSignal = (): Promise<{ default: C }> =>
    preload().catch((error: unknown) => {
      if (typeof navigator === 'undefined' || navigator.onLine !== false) throw error;
      return backOnline().then(whenSignal);
    });
  const Lazy = lazy(whenSignal);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its top, as React.lazy is
  function Preloaded(props: ComponentProps<C>) {
    // Chosen once per mount: turning from the lazy component to the module's own would mount it anew.
    const [Component] = useState<Component>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloaded as unknown as C, { preload, loaded: () => loaded !== null });
}

/** Resolves when the browser comes online. */
const backOnline = () =>
  new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/** Where a part's code stands: not here yet, here, or not to be had (no signal). */
export type CodeState = 'waiting' | 'loaded' | 'failed';

/**
 * Where a component's code stands, asking for it once `wanted` (decision 0100): a part drawn once
 * its code is here, without a Suspense boundary, whose fallback would hold back the page's own
 * content for 300 ms, and whose failed load would take the page to the router's error screen.
 * Code that could not be had (no signal before the service worker has the app) is asked for again
 * when the browser comes online (decision 0105).
 */
export function useCode(component: Preloadable<Component>, wanted = true): CodeState {
  const [state, setState] = useState<CodeState>(() => (component.loaded() ? 'loaded' : 'waiting'));
  useEffect(() => {
    if (!wanted || state === 'loaded') return;
    let mounted = true;
    const ask = () =>
      void component.preload().then(
        () => mounted && setState('loaded'),
        () => mounted && setState('failed'),
      );
    if (state === 'waiting') ask();
    window.addEventListener('online', ask);
    return () => {
      mounted = false;
      window.removeEventListener('online', ask);
    };
  }, [component, wanted, state]);
  return state;
}

/** Whether a component's code is here, asking for it if not: for a part that draws nothing until it is used (a closed dialog, the live board's stream). */
export const useLoaded = (component: Preloadable<Component>): boolean => useCode(component) === 'loaded';
