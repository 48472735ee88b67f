import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { resetDashboardState } from './features/dashboard/dashboard-state';
import { i18n } from './i18n';

// findBy… and waitFor wait for a state up to 60 s, and no call sets a shorter wait of its own: on a
// loaded two-core machine a lazy Mantine page under jsdom took 16 s to draw its menu, and a slow
// pass is not a failure. A state that never comes still fails, within the test's own bound.
configure({ asyncUtilTimeout: 60_000 });

// Browser APIs Mantine uses that jsdom does not have.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView = () => {};

function clearCookies() {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

// A console error in a component test fails it (React act() and key warnings,
// unhandled fetches of the test helper, failed prop types…). The message still gets printed.
let consoleError: MockInstance<typeof console.error>;

beforeEach(async () => {
  consoleError = vi.spyOn(console, 'error');
  if (i18n.language !== 'cs') await i18n.changeLanguage('cs');
});

afterEach(() => {
  cleanup();
  // Mantine keeps notifications in a module-level store; after unmounting, so no act() warning.
  notifications.clean();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // The files share their modules (web/vitest.config.ts `isolate: false`): module-level state goes.
  resetDashboardState();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  if (calls.length > 0) {
    const text = calls.map((args) => args.map(String).join(' ')).join('\n---\n');
    throw new Error(`console.error was called ${calls.length} time(s) during the test:\n${text}`);
  }
});
