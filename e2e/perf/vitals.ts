// Core Web Vitals read in the page by Google's web-vitals library (its attribution build): LCP,
// FCP, TTFB and INP as the library computes them, with what it says caused them (the LCP element,
// the INP interaction's target and its input delay, processing and presentation delay, and the
// Long Animation Frames in it). The library is injected into every page of a context before the
// app's own scripts, and reports every change (reportAllChanges), so the figures can be read at
// any moment of a test.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

// The package exports no path to its IIFE build (the one a page can run as a script): found beside
// its CommonJS build, which it does export.
const library = path.join(
  path.dirname(createRequire(import.meta.url).resolve('web-vitals/attribution')),
  'web-vitals.attribution.iife.js',
);

/** What the page keeps of the library's reports. */
type Store = {
  lcp: { value: number; element: string | null } | null;
  fcp: number | null;
  ttfb: number | null;
  inp: Inp | null;
  /** How many times INP was reported: it grows with each interaction longer than the last. */
  inpReports: number;
};

/** The INP and web-vitals' attribution of it. */
export type Inp = {
  value: number;
  target: string | null;
  type: string | null;
  inputDelay: number;
  processing: number;
  presentationDelay: number;
  /** Long Animation Frames (over 50 ms) that overlapped the interaction. */
  longFrames: number;
  /** Their three longest scripts: what ran, from which file, for how long (ms), of which forced layout. */
  scripts: { invoker: string; source: string; duration: number; forcedLayout: number }[];
};

/** Installs web-vitals in every page the context opens, observing from the first byte. */
export async function installVitals(context: BrowserContext): Promise<void> {
  // Playwright runs an init script in a scope of its own: the build's `var webVitals` is put on window.
  await context.addInitScript({
    content: `${fs.readFileSync(library, 'utf8')};window.webVitals = webVitals;`,
  });
  await context.addInitScript(() => {
    type Metric = { value: number; attribution: Record<string, unknown> };
    type On = (report: (m: Metric) => void, options?: Record<string, unknown>) => void;
    const lib = (window as unknown as { webVitals: Record<'onLCP' | 'onFCP' | 'onTTFB' | 'onINP', On> })
      .webVitals;
    const store: Store = { lcp: null, fcp: null, ttfb: null, inp: null, inpReports: 0 };
    (window as unknown as { __vitals: Store }).__vitals = store;
    const all = { reportAllChanges: true };
    lib.onLCP((m) => {
      store.lcp = { value: m.value, element: (m.attribution.target as string | undefined) ?? null };
    }, all);
    lib.onFCP((m) => {
      store.fcp = m.value;
    }, all);
    lib.onTTFB((m) => {
      store.ttfb = m.value;
    }, all);
    // 16 ms, the lowest threshold the browser allows, keeps the small interactions in the figure.
    lib.onINP(
      (m) => {
        const a = m.attribution;
        type Script = {
          invoker: string;
          sourceURL?: string;
          sourceFunctionName?: string;
          duration: number;
          forcedStyleAndLayoutDuration?: number;
        };
        const frames = (a.longAnimationFrameEntries as { scripts?: Script[] }[] | undefined) ?? [];
        store.inpReports++;
        store.inp = {
          value: m.value,
          target: (a.interactionTarget as string | undefined) ?? null,
          type: (a.interactionType as string | undefined) ?? null,
          inputDelay: Math.round(a.inputDelay as number),
          processing: Math.round(a.processingDuration as number),
          presentationDelay: Math.round(a.presentationDelay as number),
          longFrames: frames.length,
          scripts: frames
            .flatMap((f) => f.scripts ?? [])
            .sort((x, y) => y.duration - x.duration)
            .slice(0, 3)
            .map((x) => ({
              invoker: x.invoker,
              source: `${(x.sourceURL ?? '').split('/').pop()} ${x.sourceFunctionName ?? ''}`.trim(),
              duration: Math.round(x.duration),
              forcedLayout: Math.round(x.forcedStyleAndLayoutDuration ?? 0),
            })),
        };
      },
      { ...all, durationThreshold: 16 },
    );
  });
}

export type PageTimings = {
  ttfb: number | null;
  fcp: number | null;
  domContentLoaded: number;
  load: number;
  lcp: number | null;
  lcpElement: string | null;
};

/** LCP, FCP, TTFB and the navigation's timings, read before any interaction (an input ends LCP). */
export async function readPageTimings(page: Page): Promise<PageTimings> {
  return page.evaluate(() => {
    const store = (window as unknown as { __vitals: Store }).__vitals;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      ttfb: store.ttfb,
      fcp: store.fcp,
      domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      lcp: store.lcp?.value ?? null,
      lcpElement: store.lcp?.element ?? null,
    };
  });
}

/** INP so far as web-vitals computes it (null before any interaction), with its attribution. */
export async function readInp(page: Page): Promise<{ inp: Inp | null; reports: number }> {
  return page.evaluate(() => {
    const store = (window as unknown as { __vitals: Store }).__vitals;
    return { inp: store.inp, reports: store.inpReports };
  });
}
