import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Child, rssOf, sampleRss } from './child.ts';
import { machineWindow, round } from './machine.ts';
import type { Params } from './params.ts';
import type { ExportResult } from './report.ts';

const MiB = 1024 * 1024;

export type ExportOptions = {
  /** The longest the download may take. */
  timeoutSeconds: number;
  /** Waits until the server has worked off the previous call. */
  settle: () => Promise<void>;
  log: (line: string) => void;
};

/**
 * The 100 000-row XLSX export timed on its own (target: ≤ 5 s, ≤ 256 MiB extra): wall time, first
 * byte, the server's RSS sampled every 20 ms, and the file read back to count its rows.
 */
export async function runExport(
  server: Child,
  p: Params,
  headers: Record<string, string>,
  run: number,
  options: ExportOptions,
): Promise<ExportResult> {
  const pathname = `/api/stats_orders?${new URLSearchParams({ from: p.exportRange.from, to: p.exportRange.to, lang: 'cs' })}`;
  // Let the queries and the heap settle after the load so that the baseline is the idle server's.
  await options.settle();
  await new Promise((r) => setTimeout(r, 2000));
  const machine = machineWindow();
  const rss = sampleRss(server.pid, 20);
  const baseline = rssOf(server.pid);
  let status = 0;
  let bytes = 0;
  let firstByteMs = 0;
  const file = path.join(os.tmpdir(), `bench-export-${process.pid}-${run}.xlsx`);
  const { result: wallMs, loop } = await server.measure(async () => {
    const started = performance.now();
    const answer = await fetch(`${server.base}${pathname}`, {
      headers,
      signal: AbortSignal.timeout(options.timeoutSeconds * 1000),
    });
    firstByteMs = performance.now() - started;
    status = answer.status;
    const out = fs.createWriteStream(file);
    for await (const chunk of answer.body!) {
      bytes += (chunk as Uint8Array).length;
      out.write(chunk);
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    return performance.now() - started;
  });
  const sampled = rss.stop();
  const m = machine();
  const peak = Math.max(sampled.peak, loop.rssPeak);
  const base = baseline ?? loop.rssStart;
  let rowsInFile: number | null = null;
  if (status === 200) {
    try {
      rowsInFile = await countSheetRows(file);
    } catch (error) {
      options.log(`  export: could not read the file back: ${(error as Error).message}`);
    }
  }
  fs.rmSync(file, { force: true });
  const result: ExportResult = {
    path: pathname,
    status,
    rowsExpected: p.exportRange.rows,
    rowsInFile,
    bytes,
    wallSeconds: round(wallMs / 1000, 3),
    firstByteSeconds: round(firstByteMs / 1000, 3),
    rssBaselineMiB: round(base / MiB, 1),
    rssPeakMiB: round(peak / MiB, 1),
    extraMiB: round((peak - base) / MiB, 1),
    rssSamples: sampled.samples,
    loop,
    machine: m,
  };
  options.log(
    `  export run ${run}: ${status}, ${rowsInFile ?? '?'} rows, ${round(bytes / MiB, 1)} MiB in ${result.wallSeconds} s, +${result.extraMiB} MiB RSS, loop max ${loop.maxMs} ms`,
  );
  return result;
}

/** Data rows of the first sheet (the header row aside), read back with exceljs' streaming reader. */
async function countSheetRows(file: string): Promise<number> {
  const ExcelJS = (await import('exceljs')).default;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const _row of sheet) rows++;
    break;
  }
  return Math.max(0, rows - 1);
}
