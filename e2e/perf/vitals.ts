// Core Web Vitals read in the page the way Google's web-vitals library reads them, without the
// library: LCP from 'largest-contentful-paint' entries (the last one before the first input),
// INP from Event Timing entries grouped by interactionId, the longest of each interaction, and
// of those the 98th percentile (the longest while there are fewer than 50 interactions).
import type { Page } from '@playwright/test';

export type LcpEntry = { startTime: number; size: number; element: string | null; url: string };
export type EventEntry = {
  name: string;
  interactionId: number;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  target: string | null;
};
/** A Long Animation Frame (over 50 ms) with the scripts that ran in it, longest first. */
export type LongFrame = {
  startTime: number;
  duration: number;
  blockingDuration: number;
  /** Time spent in style, layout and paint preparation at the frame's end. */
  render: number;
  scripts: { duration: number; invoker: string; source: string }[];
};
type Store = { lcp: LcpEntry[]; events: EventEntry[]; frames: LongFrame[]; flush(): void };

/** Installed with page.addInitScript before any navigation: observes from the first byte. */
export function installVitalsObserver(): void {
  const describeElement = (el: Element | null | undefined): string | null => {
    if (!el) return null;
    const id = el.id ? `#${el.id}` : '';
    const classes = [...el.classList]
      .slice(0, 3)
      .map((c) => `.${c}`)
      .join('');
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
  };
  const store: Store = { lcp: [], events: [], frames: [], flush: () => {} };
  (window as unknown as { __vitals: Store }).__vitals = store;

  type LcpTiming = PerformanceEntry & { size: number; element: Element | null; url: string };
  const onLcp = (list: PerformanceObserverEntryList) => {
    for (const e of list.getEntries() as LcpTiming[]) {
      store.lcp.push({
        startTime: e.startTime,
        size: e.size,
        element: describeElement(e.element),
        url: e.url,
      });
    }
  };
  type EventTiming = PerformanceEntry & {
    interactionId?: number;
    processingStart: number;
    processingEnd: number;
    target: Element | null;
  };
  const onEvents = (list: PerformanceObserverEntryList) => {
    for (const e of list.getEntries() as EventTiming[]) {
      store.events.push({
        name: e.name,
        interactionId: e.interactionId ?? 0,
        startTime: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
        target: describeElement(e.target),
      });
    }
  };
  type ScriptTiming = { duration: number; invoker: string; sourceURL: string; sourceFunctionName: string };
  type FrameTiming = PerformanceEntry & {
    blockingDuration: number;
    renderStart: number;
    scripts: ScriptTiming[];
  };
  const onFrames = (list: PerformanceObserverEntryList) => {
    for (const e of list.getEntries() as FrameTiming[]) {
      store.frames.push({
        startTime: e.startTime,
        duration: e.duration,
        blockingDuration: e.blockingDuration,
        render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
        scripts: [...e.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((x) => ({
            duration: Math.round(x.duration),
            invoker: x.invoker,
            source: `${x.sourceURL.split('/').pop() ?? ''}${x.sourceFunctionName ? ` ${x.sourceFunctionName}` : ''}`,
          })),
      });
    }
  };
  const lcp = new PerformanceObserver(onLcp);
  lcp.observe({ type: 'largest-contentful-paint', buffered: true });
  const events = new PerformanceObserver(onEvents);
  // 16 ms is the lowest threshold the browser allows (web-vitals uses 40 for reporting, which
  // changes nothing above 40 ms; the lower one keeps the small interactions in the figures).
  events.observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  const first = new PerformanceObserver(onEvents);
  first.observe({ type: 'first-input', buffered: true });
  // Long Animation Frames (Chromium 123+): what kept the main thread from painting.
  const frames = new PerformanceObserver(onFrames);
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    frames.observe({ type: 'long-animation-frame', buffered: true });
  }
  store.flush = () => {
    onLcp({ getEntries: () => lcp.takeRecords() } as PerformanceObserverEntryList);
    onFrames({ getEntries: () => frames.takeRecords() } as PerformanceObserverEntryList);
    onEvents({
      getEntries: () => [...events.takeRecords(), ...first.takeRecords()],
    } as PerformanceObserverEntryList);
  };
}

export type PageTimings = {
  ttfb: number;
  fcp: number | null;
  domContentLoaded: number;
  load: number;
  lcp: number | null;
  lcpElement: string | null;
  lcpEntries: number;
};

/** LCP and the navigation's timings, read before any interaction (an input ends LCP). */
export async function readPageTimings(page: Page): Promise<PageTimings> {
  return page.evaluate(() => {
    const store = (window as unknown as { __vitals: Store }).__vitals;
    store.flush();
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const last = store.lcp.at(-1);
    return {
      ttfb: nav.responseStart,
      fcp: fcp ? fcp.startTime : null,
      domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      lcp: last ? last.startTime : null,
      lcpElement: last ? last.element : null,
      lcpEntries: store.lcp.length,
    };
  });
}

export type Interaction = {
  id: number;
  duration: number;
  /** web-vitals' attribution: input delay, processing of all the events, presentation delay. */
  inputDelay: number;
  processing: number;
  presentationDelay: number;
  events: string;
  target: string | null;
  longFrames: LongFrame[];
};

/** Every interaction so far, grouped by interactionId, in the order they happened. */
export async function readInteractions(page: Page): Promise<Interaction[]> {
  const { events, frames } = await page.evaluate(() => {
    const store = (window as unknown as { __vitals: Store }).__vitals;
    store.flush();
    return { events: store.events, frames: store.frames };
  });
  const byId = new Map<number, EventEntry[]>();
  for (const e of events) {
    if (!e.interactionId) continue;
    byId.set(e.interactionId, [...(byId.get(e.interactionId) ?? []), e]);
  }
  return [...byId.entries()]
    .map(([id, group]) => {
      const start = Math.min(...group.map((e) => e.startTime));
      const duration = Math.max(...group.map((e) => e.duration));
      const processingStart = Math.min(...group.map((e) => e.processingStart));
      const processingEnd = Math.max(...group.map((e) => e.processingEnd));
      const longest = group.find((e) => e.duration === duration) ?? group[0]!;
      return {
        start,
        interaction: {
          id,
          duration,
          inputDelay: Math.round(processingStart - start),
          processing: Math.round(processingEnd - processingStart),
          presentationDelay: Math.max(0, Math.round(start + duration - processingEnd)),
          events: [...new Set(group.map((e) => e.name))].join('+'),
          target: longest.target,
          longFrames: frames
            .filter((f) => f.startTime < start + duration && f.startTime + f.duration > start)
            .map((f) => ({
              ...f,
              startTime: Math.round(f.startTime - start),
              duration: Math.round(f.duration),
              blockingDuration: Math.round(f.blockingDuration),
              render: Math.round(f.render),
            })),
        },
      };
    })
    .sort((a, b) => a.start - b.start)
    .map((x) => x.interaction);
}
/** INP as web-vitals computes it: the 98th percentile of the interactions' longest durations. */
export function inp(interactions: Interaction[]): number | null {
  if (interactions.length === 0) return null;
  const durations = interactions.map((i) => i.duration).sort((a, b) => b - a);
  return durations[Math.min(durations.length - 1, Math.floor(interactions.length / 50))] ?? null;
}
