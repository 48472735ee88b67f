/**
 * `npm run bench -- --mixed` (decision 0044): the office as it is. Readers and a writer at once for
 * `seconds`: `readers` connections cycling through the list, detail, search, overview and
 * delivery-note calls, `calendarReaders` on the busiest calendar week, and one writer making
 * `writeRate` writes a second through the real API (mixed-writes.ts), on a schedule of its own
 * (a slow write does not slow the next one down). Each answer is timed by its call; the loop probe
 * gives the event-loop delay and the answer cache's hits and misses over the whole window.
 */
import type { Call } from './calls.ts';
import type { Child } from './child.ts';
import { type LoadFigures, percentile } from './load.ts';
import type { ProbeWindow } from './loop-probe.ts';
import { machineWindow, round } from './machine.ts';
import { nthWrite, type WriteTargets, writeKinds } from './mixed-writes.ts';
import type { CallResult, Machine } from './report.ts';

export type MixedOptions = {
  seconds: number;
  readers: number;
  calendarReaders: number;
  writeRate: number;
  /** A request's time limit. */
  timeoutSeconds: number;
  log: (line: string) => void;
};

export type MixedResult = {
  seconds: number;
  readers: number;
  calendarReaders: number;
  writeRate: number;
  calls: CallResult[];
  writes: { kind: string; load: LoadFigures }[];
  allWrites: LoadFigures;
  /** Writes the schedule skipped because 8 were still on their way. */
  writesSkipped: number;
  loop: ProbeWindow;
  machine: Machine;
  cacheHits: {
    hits: number;
    misses: number;
    hitRate: number | null;
    byKind: Record<string, { hits: number; misses: number }>;
  };
};

/** Calls of the 20 readers' cycle; the calendar week has readers of its own. */
export const mixedReaderCalls = [
  'orders_first_page',
  'orders_name_filter',
  'orders_name_unaccented',
  'order_detail',
  'customers_by_phone',
  'customers_by_name',
  'customers_by_name_unaccented',
  'stats_month_warehouses',
  'stats_month_products',
  'delivery_note',
];

type Timing = {
  times: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  bytes: number;
};
const timing = (): Timing => ({ times: [], statuses: {}, errors: 0, timeouts: 0, bytes: 0 });

function figures(t: Timing, seconds: number, connections: number): LoadFigures {
  const sorted = Float64Array.from(t.times).sort();
  let sum = 0;
  for (const x of sorted) sum += x;
  const ok = Object.entries(t.statuses).reduce((n, [s, c]) => (s.startsWith('2') ? n + c : n), 0);
  return {
    mode: 'duration',
    connections,
    seconds,
    requests: sorted.length,
    reqPerSec: round(sorted.length / Math.max(seconds, 0.001), 1),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    mean: round(sum / Math.max(sorted.length, 1)),
    non2xx: sorted.length - ok,
    errors: t.errors,
    timeouts: t.timeouts,
    bytesPerResponse: Math.round(t.bytes / Math.max(sorted.length, 1)),
    statusCodes: t.statuses,
  };
}

export async function runMixed(
  server: Child,
  allCalls: Call[],
  targets: WriteTargets,
  headers: Record<string, string>,
  options: MixedOptions,
): Promise<MixedResult> {
  const byName = new Map(allCalls.map((c) => [c.name, c]));
  const cycle = mixedReaderCalls.map((n) => byName.get(n)).filter((c): c is Call => c !== undefined);
  const calendar = byName.get('calendar_week');
  if (!calendar) throw new Error('The mixed load needs the calendar week');
  const timings = new Map<string, Timing>([...cycle, calendar].map((c) => [c.name, timing()]));
  const writeTimings = new Map<string, Timing>(writeKinds.map((k) => [k, timing()]));
  const allWrites = timing();
  const turns = new Map<string, number>();
  const { log } = options;

  /** One request: its time, status and size kept under `into` unless it ended after `until`. */
  const request = async (method: string, pathname: string, into: Timing[], until: number, body?: unknown) => {
    const started = performance.now();
    try {
      const answer = await fetch(`${server.base}${pathname}`, {
        method,
        headers: {
          ...headers,
          origin: server.base,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      const ms = performance.now() - started;
      if (Date.now() <= until)
        for (const t of into) {
          t.times.push(ms);
          t.statuses[answer.status] = (t.statuses[answer.status] ?? 0) + 1;
          t.bytes += bytes.length;
        }
      if (answer.status >= 300)
        log(`  ${method} ${pathname.slice(0, 80)}: ${answer.status} ${bytes.toString().slice(0, 200)}`);
      let json: unknown = null;
      if (answer.headers.get('content-type')?.includes('json')) json = JSON.parse(bytes.toString());
      return { status: answer.status, json };
    } catch (error) {
      for (const t of into) {
        if ((error as Error).name === 'TimeoutError') t.timeouts++;
        else t.errors++;
      }
      return { status: 0, json: null };
    }
  };

  const { result, loop } = await server.measure(async () => {
    const machine = machineWindow();
    const started = Date.now();
    const until = started + options.seconds * 1000;
    const reader = async (calls: Call[], offset: number) => {
      for (let i = offset; Date.now() < until; i++) {
        const call = calls[i % calls.length]!;
        const turn = turns.get(call.name) ?? 0;
        turns.set(call.name, turn + 1);
        await request('GET', call.paths[turn % call.paths.length]!, [timings.get(call.name)!], until);
      }
    };
    const readers = [
      ...Array.from({ length: options.readers }, (_, i) => reader(cycle, i)),
      ...Array.from({ length: options.calendarReaders }, () => reader([calendar], 0)),
    ];
    // The writer: one write every 1/rate s whatever the previous one does, at most 8 on their way.
    let skipped = 0;
    const doneOf = new Map<number, Promise<unknown>>();
    let onTheirWay = 0;
    const writes: Promise<void>[] = [];
    const writer = (async () => {
      const send = (method: string, pathname: string, body?: unknown) =>
        request(method, pathname, [], until, body);
      for (let n = 0; ; n++) {
        const due = started + (n * 1000) / options.writeRate;
        if (due >= until) break;
        await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
        if (onTheirWay >= 8) {
          skipped++;
          continue;
        }
        onTheirWay++;
        writes.push(
          (async () => {
            const write = nthWrite(n, targets, send, doneOf);
            try {
              const make = await write.prepare();
              if (!make) return;
              const t0 = performance.now();
              const answer = await make();
              const ms = performance.now() - t0;
              for (const t of [writeTimings.get(write.kind)!, allWrites]) {
                t.times.push(ms);
                t.statuses[answer.status] = (t.statuses[answer.status] ?? 0) + 1;
              }
            } catch (error) {
              log(`  write ${write.kind}: ${(error as Error).message}`);
              writeTimings.get(write.kind)!.errors++;
              allWrites.errors++;
            } finally {
              onTheirWay--;
            }
          })(),
        );
      }
    })();
    // Whatever is still on its way when the window has closed gets its time limit and 10 s more,
    // then the figures are taken as they are (an answer that never came is counted as a timeout).
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'late'>((resolve) => {
      timer = setTimeout(
        () => resolve('late'),
        options.seconds * 1000 + options.timeoutSeconds * 1000 + 10_000,
      );
    });
    const finished = await Promise.race([
      Promise.all([...readers, writer]).then(() => Promise.all(writes)),
      bound,
    ]);
    clearTimeout(timer);
    if (finished === 'late') log('  the mixed load did not finish within its bound: figures as they are');
    return { machine: machine(), skipped };
  });

  const seconds = options.seconds;
  const cacheByKind = loop.cache ?? {};
  const hits = Object.values(cacheByKind).reduce((n, c) => n + c.hits, 0);
  const misses = Object.values(cacheByKind).reduce((n, c) => n + c.misses, 0);
  const calls: CallResult[] = [...cycle, calendar].map((call) => ({
    ...call,
    connections: call === calendar ? options.calendarReaders : options.readers,
    load: figures(
      timings.get(call.name)!,
      seconds,
      call === calendar ? options.calendarReaders : options.readers,
    ),
    loop,
    machine: result.machine,
  }));
  return {
    seconds,
    readers: options.readers,
    calendarReaders: options.calendarReaders,
    writeRate: options.writeRate,
    calls,
    writes: writeKinds.map((kind) => ({ kind, load: figures(writeTimings.get(kind)!, seconds, 1) })),
    allWrites: figures(allWrites, seconds, 1),
    writesSkipped: result.skipped,
    loop,
    machine: result.machine,
    cacheHits: {
      hits,
      misses,
      hitRate: hits + misses ? round(hits / (hits + misses), 3) : null,
      byKind: cacheByKind,
    },
  };
}
