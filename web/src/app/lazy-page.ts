import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page loaded on first use that can also be asked to load before it is rendered. */
export type PreloadablePage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * `React.lazy` with the loading started by whoever knows first (decision 0047, LCP): the boot asks for
 * the page of the address the browser opened while the session is still being checked, instead of
 * after it. The module is asked for once; rendering then finds it loaded.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed chunk (a deploy meanwhile, a dropped line) is asked for again
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}
