/** The tables of the calls with the answer cache on and off side by side, and the mixed load. */
import type { LoadFigures } from './load.ts';
import type { MixedResult } from './mixed.ts';
import { type CallResult, latencyScale, type Verdict } from './report.ts';

/** The writes of the mixed load answer within 150 ms at p95. */
export const writeP95Limit = 150;

export type OtherRun = { cache: 'on' | 'off'; calls: CallResult[] };
/** What the mixed load measured, with the answer cache setting it ran under. */
export type MixedReport = MixedResult & { answerCache: 'on' | 'off' };

const fmt = (n: number | null | undefined, d = 1) =>
  n === null || n === undefined || Number.isNaN(n)
    ? '–'
    : n.toLocaleString('en', { maximumFractionDigits: d });
const short = (v: Verdict) => (v.pass ? 'pass' : `**FAIL**: ${v.reasons.join('; ')}`);

/** Main run's calls beside the same calls of the other run (the cache off when the main has it on). */
export function sideBySide(
  main: { cache: 'on' | 'off'; calls: CallResult[] },
  other: OtherRun,
  judge: (c: CallResult, all: CallResult[]) => Verdict,
  lines: string[],
  verdicts: Verdict[],
) {
  const ceiling = main.calls.find((c) => c.name === 'ceiling')?.load;
  lines.push('');
  lines.push(
    `## Answer cache ${main.cache} and ${other.cache}, side by side (the ${other.cache} run's server started after the ${main.cache} one's)`,
  );
  lines.push('');
  const a = main.cache;
  const b = other.cache;
  lines.push(
    `| call | alone ${a} | req/s ${a} | p95 ${a} | p99 ${a} | alone ${b} | req/s ${b} | p95 ${b} | p99 ${b} | loop max ${b} | result ${b} |`,
  );
  lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const o of other.calls) {
    const m = main.calls.find((c) => c.name === o.name);
    // Judged against the bare route of the main run (scaled targets, share of its req/s).
    const v = judge(o, [
      ...other.calls.filter((c) => c.name !== 'ceiling'),
      ...main.calls.filter((c) => c.name === 'ceiling'),
    ]);
    verdicts.push({ ...v, call: `cache_${b}:${o.name}` });
    lines.push(
      `| ${o.label} | ${fmt(m?.firstMs, 0)} | ${fmt(m?.load?.reqPerSec, 0)} | ${fmt(m?.load?.p95)} | ${fmt(m?.load?.p99)} | ${fmt(o.firstMs, 0)}${o.aloneLoop ? ` / ${fmt(o.aloneLoop.maxMs, 0)}` : ''} | ${fmt(o.load?.reqPerSec, 0)} | ${fmt(o.load?.p95)} | ${fmt(o.load?.p99)} | ${fmt(o.loop?.maxMs)} | ${o.target.kind === 'none' && v.pass ? 'pass (loop)' : short(v)} |`,
    );
  }
  const first = other.calls.find((c) => c.name === 'orders_first_page')?.load;
  if (first && ceiling) {
    lines.push('');
    lines.push(
      `Order list first page, cache ${b}: ${fmt(first.reqPerSec, 0)} req/s, ${fmt((first.reqPerSec / ceiling.reqPerSec) * 100, 0)} % of the bare route's ${fmt(ceiling.reqPerSec, 0)} req/s.`,
    );
  }
}

/** The mixed load's table: each read call, then the writes, the cache and the loop. */
export function mixedTable(
  mixed: MixedReport,
  ceiling: LoadFigures | undefined,
  judge: (c: CallResult, all: CallResult[]) => Verdict,
  lines: string[],
  verdicts: Verdict[],
) {
  lines.push('');
  lines.push(
    `## Mixed load, answer cache ${mixed.answerCache}: ${mixed.readers} readers cycling, ${mixed.calendarReaders} on the calendar week, ${mixed.writeRate} writes/s, ${mixed.seconds} s`,
  );
  lines.push('');
  lines.push(
    `Event loop max ${fmt(mixed.loop.maxMs)} ms, p99 ${fmt(mixed.loop.p99Ms)} ms, ELU ${fmt(mixed.loop.elu, 2)}; machine ${fmt(mixed.machine.machineBusyPercent, 0)} % busy; answer cache hit rate ${mixed.cacheHits.hitRate === null ? '–' : `${fmt(mixed.cacheHits.hitRate * 100, 1)} %`} (${mixed.cacheHits.hits} hits, ${mixed.cacheHits.misses} misses: ${Object.entries(
      mixed.cacheHits.byKind,
    )
      .map(([k, c]) => `${k} ${c.hits}/${c.hits + c.misses}`)
      .join(', ')}).`,
  );
  lines.push('');
  // The bare route of the same run: the reads' and writes' targets are scaled by it.
  const bare: CallResult[] = ceiling
    ? [
        {
          name: 'ceiling',
          label: 'ceiling',
          paths: [],
          connections: 0,
          target: { kind: 'none' },
          load: ceiling,
        },
      ]
    : [];
  lines.push('| call | conn | answers | req/s | p50 | p95 | p99 | max | failed | target | result |');
  lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|');
  for (const call of mixed.calls) {
    const l = call.load!;
    // One loop for the whole window: judged once, below, not per call. The share of the bare
    // route is the dedicated run's target: here a call gets a twentieth of the readers.
    const latency =
      call.target.kind === 'latency' ? { ...call.target, shareOfCeiling: undefined } : call.target;
    const judged = { ...call, target: latency, loop: { ...mixed.loop, maxMs: 0 }, aloneLoop: undefined };
    const v = judge(judged, [...mixed.calls, ...bare]);
    verdicts.push({ ...v, call: `mixed_${mixed.answerCache}:${call.name}` });
    const target =
      call.target.kind === 'latency'
        ? `p95 ≤ ${call.target.p95}${call.target.p99 ? `, p99 ≤ ${call.target.p99}` : ''}`
        : '–';
    lines.push(
      `| ${call.label} | ${call.connections} | ${l.requests} | ${fmt(l.reqPerSec)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.p99)} | ${fmt(l.max, 0)} | ${l.non2xx + l.errors + l.timeouts} | ${target} | ${short(v)} |`,
    );
  }
  // The writes' 150 ms is an absolute target like the reads': scaled by the same bare-route ratio.
  const writeLimit = Math.round(writeP95Limit * latencyScale(bare));
  const limitText = writeLimit === writeP95Limit ? `${writeP95Limit}` : `${writeP95Limit} (${writeLimit})`;
  for (const w of [...mixed.writes, { kind: 'all writes', load: mixed.allWrites }]) {
    const l = w.load;
    const failed = l.non2xx + l.errors + l.timeouts;
    const reasons = [
      ...(failed ? [`${failed} failed`] : []),
      ...(l.p95 > writeLimit ? [`p95 ${l.p95} > ${writeLimit}`] : []),
    ];
    if (w.kind === 'all writes') {
      if (mixed.writesSkipped) reasons.push(`${mixed.writesSkipped} skipped (8 on their way)`);
      verdicts.push({ call: `mixed_${mixed.answerCache}:writes`, pass: reasons.length === 0, reasons });
    }
    lines.push(
      `| write: ${w.kind} | 1 | ${l.requests} | ${fmt(l.reqPerSec)} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${fmt(l.p99)} | ${fmt(l.max, 0)} | ${failed} | p95 ≤ ${limitText} | ${reasons.length ? `**FAIL**: ${reasons.join('; ')}` : 'pass'} |`,
    );
  }
  const loopOk = mixed.loop.maxMs <= 50;
  verdicts.push({
    call: `mixed_${mixed.answerCache}:loop`,
    pass: loopOk,
    reasons: loopOk ? [] : [`loop ${mixed.loop.maxMs} > 50`],
  });
  const first = mixed.calls.find((c) => c.name === 'orders_first_page')?.load;
  if (ceiling && first) {
    lines.push('');
    lines.push(
      `Loop max ${fmt(mixed.loop.maxMs)} ms: ${loopOk ? 'pass' : '**FAIL**'} (≤ 50). Bare route alone, same run: ${fmt(ceiling.reqPerSec, 0)} req/s, p95 ${fmt(ceiling.p95)} ms.`,
    );
  }
}
