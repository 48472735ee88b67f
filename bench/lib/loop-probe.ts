/**
 * Preloaded into a server the bench starts (`node --import tsx --import bench/lib/loop-probe.ts …`),
 * never into production: measures the event-loop delay with perf_hooks.monitorEventLoopDelay.
 *
 * Over the IPC channel the bench opens, `{ probe: 'start', id }` begins a measuring window and
 * `{ probe: 'stop', id }` answers that window's figures. At exit the whole run's figures are written
 * to BENCH_LOOP_FILE when it is set. Nothing here touches the server's routes.
 */
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import { type EventLoopUtilization, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

// Worker threads (the PDF pool) inherit `--import` and load this file too, but the probe belongs to
// the server's main thread: in a worker its `disconnect`/`exit` hooks would act on the server.
const active = isMainThread;

const resolutionMs = 10;
const whole = monitorEventLoopDelay({ resolution: resolutionMs });
const window = monitorEventLoopDelay({ resolution: resolutionMs });
if (active) {
  whole.enable();
  window.enable();
}

let eluStart: EventLoopUtilization = performance.eventLoopUtilization();
let cpuStart = process.cpuUsage();
let timeStart = performance.now();
let rssPeak = process.memoryUsage.rss();

// A cheap sample of the resident set for the window's peak (the bench also reads /proc itself).
if (active) {
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 25);
  sampler.unref();
}

const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;
const figures = (h: ReturnType<typeof monitorEventLoopDelay>) => ({
  // Delay beyond the timer's own period: what a request waiting for the loop would feel.
  maxMs: ms(Math.max(0, h.max - resolutionMs * 1e6)),
  p99Ms: ms(Math.max(0, h.percentile(99) - resolutionMs * 1e6)),
  p50Ms: ms(Math.max(0, h.percentile(50) - resolutionMs * 1e6)),
  meanMs: ms(Math.max(0, h.mean - resolutionMs * 1e6)),
  samples: h.count,
});

export type ProbeWindow = ReturnType<typeof figures> & {
  elu: number;
  cpuPercent: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  heapUsed: number;
  seconds: number;
  /** The answer cache's hits and misses in the window, by kind of answer. */
  cache?: Record<string, CacheCount>;
};

let rssStart = process.memoryUsage.rss();

/**
 * The answer cache's lookups in the window (server/src/plugins/answer-cache.ts publishes each on a
 * diagnostics channel), by the key's first word: the route as declared (`answerKey`).
 */
type CacheCount = { hits: number; misses: number };
let cacheCounts = new Map<string, CacheCount>();
if (active)
  diagnostics.subscribe('letokruh:answer-cache', (message) => {
    const { hit, key } = message as { hit: boolean; key: string };
    const kind = key.split(' ')[0] ?? '';
    const count = cacheCounts.get(kind) ?? { hits: 0, misses: 0 };
    if (hit) count.hits++;
    else count.misses++;
    cacheCounts.set(kind, count);
  });

type Message = { probe?: 'start' | 'stop'; id?: number };
if (active)
  process.on('message', (message: Message) => {
    if (!message || typeof message !== 'object' || !message.probe) return;
    if (message.probe === 'start') {
      window.reset();
      eluStart = performance.eventLoopUtilization();
      cpuStart = process.cpuUsage();
      timeStart = performance.now();
      rssStart = process.memoryUsage.rss();
      rssPeak = rssStart;
      cacheCounts = new Map();
      process.send?.({ probe: 'started', id: message.id });
    } else {
      const seconds = (performance.now() - timeStart) / 1000;
      const cpu = process.cpuUsage(cpuStart);
      const rssEnd = process.memoryUsage.rss();
      const answer: ProbeWindow = {
        ...figures(window),
        elu: Math.round(performance.eventLoopUtilization(eluStart).utilization * 1000) / 1000,
        cpuPercent: Math.round(((cpu.user + cpu.system) / 1e4 / Math.max(seconds, 0.001)) * 10) / 10,
        rssStart,
        rssPeak: Math.max(rssPeak, rssEnd),
        rssEnd,
        heapUsed: process.memoryUsage().heapUsed,
        seconds: Math.round(seconds * 100) / 100,
        cache: Object.fromEntries(cacheCounts),
      };
      process.send?.({ probe: 'stopped', id: message.id, window: answer });
    }
  });

// The bench went away (crashed or killed): stop as the server stops on Ctrl+C, leave no orphan.
if (active) process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

process.on('exit', () => {
  if (!active) return;
  const file = process.env.BENCH_LOOP_FILE;
  if (!file) return;
  try {
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, ...figures(whole) }));
  } catch {
    // The bench reads the IPC windows; the exit file is a convenience.
  }
});
