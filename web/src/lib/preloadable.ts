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
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at its top, as React.lazy is
  function Preloaded(props: ComponentProps<C>) {
    // Chosen once per mount: turning from the lazy component to the module's own would mount it anew.
    const [Component] = useState<Component>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloaded as unknown as C, { preload, loaded: () => loaded !== null });
}

/**
 * Whether a component's code is here, asking for it if not (decision 0100). For a part that draws
 * nothing until it is used (a closed dialog, the live board's stream): drawn once loaded, not
 * through a Suspense boundary, whose fallback would hold back the page's own content for 300 ms.
 */
export function useLoaded(component: Preloadable<Component>): boolean {
  const [loaded, setLoaded] = useState(component.loaded);
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    component.preload().then(
      () => mounted && setLoaded(true),
      () => {}, // drawn through its Suspense boundary when needed, which asks again and shows the error
    );
    return () => {
      mounted = false;
    };
  }, [component, loaded]);
  return loaded;
}
