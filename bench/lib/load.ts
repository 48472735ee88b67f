/**
 * One bounded autocannon run against 127.0.0.1: at most `duration` seconds and `maxRequests`
 * requests, every response time kept so that p50/p95/p99 are exact (autocannon's own summary
 * has no p95).
 */
import autocannon, { type Result } from 'autocannon';
import { round } from './machine.ts';

export type LoadOptions = {
  base: string;
  /** Paths to cycle through, one per request in turn (ids, names, phones…). */
  paths: string[];
  connections: number;
  durationSeconds: number;
  maxRequests: number;
  headers?: Record<string, string>;
  timeoutSeconds?: number;
  /**
   * Count mode, for calls slower than the duration allows: exactly this many requests (every one
   * waited for), stopped anyway after `durationSeconds`.
   */
  amount?: number;
};

export type LoadFigures = {
  mode: 'duration' | 'count';
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
  statusCodes: Record<string, number>;
};

export function assertLoopback(base: string) {
  const host = new URL(base).hostname;
  if (host !== '127.0.0.1') throw new Error(`The bench loads 127.0.0.1 only, not ${host}`);
}

export const percentile = (sorted: Float64Array | number[], p: number) => {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
};

export async function load(options: LoadOptions): Promise<LoadFigures> {
  assertLoopback(options.base);
  if (!options.paths.length) throw new Error('nothing to request');
  const times = new Float64Array(options.maxRequests + options.connections);
  let n = 0;
  let bytes = 0;
  const statusCodes: Record<string, number> = {};
  let turn = 0;
  const paths = options.paths;

  const result = await new Promise<Result>((resolve, reject) => {
    const bounds = options.amount
      ? { amount: Math.max(options.amount, options.connections) }
      : {
          duration: options.durationSeconds,
          maxOverallRequests: Math.max(options.maxRequests, options.connections),
        };
    const instance = autocannon(
      {
        url: options.base,
        connections: options.connections,
        ...bounds,
        timeout: options.timeoutSeconds ?? 30,
        headers: options.headers ?? {},
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[turn++ % paths.length]! }),
          },
        ],
      },
      (error, result) => {
        clearTimeout(hardStop);
        if (error) reject(error);
        else resolve(result);
      },
    );
    // Count mode waits for every answer; this keeps it bounded in time all the same.
    const hardStop = setTimeout(() => instance.stop(), options.durationSeconds * 1000);
    instance.on(
      'response',
      (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
        if (n < times.length) times[n++] = responseTime;
        bytes += resBytes;
        statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      },
    );
  });

  const sorted = times.slice(0, n).sort();
  let sum = 0;
  for (const t of sorted) sum += t;
  return {
    mode: options.amount ? 'count' : 'duration',
    connections: options.connections,
    seconds: result.duration,
    requests: n,
    reqPerSec: round(n / Math.max(result.duration, 0.001), 1),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    mean: round(sum / Math.max(n, 1)),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: Math.round(bytes / Math.max(n, 1)),
    statusCodes,
  };
}
