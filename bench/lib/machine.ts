import fs from 'node:fs';
import os from 'node:os';

/** How busy the machine was while a call ran: every figure of the bench is read beside it. */

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** Whole-machine CPU busy share between two readings of /proc/stat (null off Linux). */
export function cpuTimes(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
export function machineWindow() {
  const start = cpuTimes();
  const load1 = os.loadavg()[0]!;
  return () => {
    const end = cpuTimes();
    const busy =
      start && end && end.total > start.total
        ? Math.round(((end.busy - start.busy) / (end.total - start.total)) * 1000) / 10
        : null;
    return { machineBusyPercent: busy, loadavg1Before: round(load1), loadavg1After: round(os.loadavg()[0]!) };
  };
}
