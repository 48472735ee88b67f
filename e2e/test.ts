import { type BrowserContext, test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Gives a context's pages the test process's clock. Normally both are the machine's.
 * `npm run test:e2e:days` runs the suite with the test process and the server moved to a hard day
 * by libfaketime (`FAKETIME=+seconds`); Chromium does not start under libfaketime, so its pages get
 * the same offset here: `Date` alone is shifted (timers and `performance` stay real, so waits and
 * the web-vitals figures keep working — Playwright's clock fakes those too).
 */
export async function sameClock(context: BrowserContext): Promise<void> {
  const offset = Number(process.env.FAKETIME ?? 0) * 1000;
  if (!offset) return;
  await context.addInitScript((ms: number) => {
    const Real = Date;
    class Shifted extends Real {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(Real.now() + ms);
        else super(...(args as [string]));
      }
      static override now() {
        return Real.now() + ms;
      }
    }
    globalThis.Date = Shifted as DateConstructor;
  }, offset);
}

/**
 * Playwright's `test`, with every context on the test process's clock and the worker's own server
 * (playwright.config.ts starts one per worker on E2E_BASE_PORT + the worker's index).
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${Number(process.env.E2E_BASE_PORT ?? 3100) + testInfo.parallelIndex}`);
  },
  context: async ({ context }, use) => {
    await sameClock(context);
    await use(context);
  },
});
