/** One call of `npm run bench`: the request alone (cold), a warm-up, then the measured load. */
import type { Call } from './calls.ts';
import type { Child } from './child.ts';
import { load } from './load.ts';
import { machineWindow } from './machine.ts';
import type { CallResult } from './report.ts';
import { probeOnce, settle } from './session.ts';

export type RunCallOptions = {
  duration: number;
  warmup: number;
  maxRequests: number;
  slowLimit: number;
  log: (line: string) => void;
};

export async function runCall(
  server: Child,
  call: Call,
  headers: Record<string, string>,
  options: RunCallOptions,
): Promise<CallResult> {
  const { log } = options;
  const ready = (base: string, path: string) => settle(base, path, options.slowLimit, log);
  await ready(server.base, call.name === 'ceiling' ? '/ready' : '/api/health');
  // The request alone is measured too: it is the cold one (nothing cached yet), and no request may
  // hold the event loop for more than 50 ms, cold or not.
  const { result: check, loop: aloneLoop } = await server.measure(() =>
    probeOnce(server.base, call.paths[0]!, headers, options.slowLimit).catch((error: Error) => ({
      status: 0,
      type: '',
      bytes: 0,
      ms: Number.NaN,
      body: Buffer.from(String(error.message)),
    })),
  );
  if (check.status !== 200) {
    log(`  ${call.name}: ${check.status} ${check.body.toString().slice(0, 300)}`);
    return { ...call, error: `GET ${call.paths[0]} answered ${check.status}`, firstResponse: check.bytes };
  }
  if (options.warmup && check.ms < 1000) {
    // Not counted; then the server works off what the warm-up left. A call slower than a second
    // alone is warm after its first request, and a warm-up would only queue minutes of work.
    await load({
      base: server.base,
      paths: call.paths,
      connections: call.connections,
      durationSeconds: options.warmup,
      maxRequests: Math.max(call.connections, Math.floor(options.maxRequests / 10)),
      headers,
    });
    await ready(server.base, call.name === 'ceiling' ? '/ready' : '/api/health');
  }
  let machine = machineWindow();
  let { result, loop } = await server.measure(() =>
    load({
      base: server.base,
      paths: call.paths,
      connections: call.connections,
      durationSeconds: options.duration,
      maxRequests: options.maxRequests,
      headers,
    }),
  );
  if (result.requests < 2 * call.connections) {
    // Too slow for the duration to collect answers (autocannon drops the ones still on their way
    // at the end): two requests per connection instead, each waited for, within a longer bound.
    log(
      `  ${call.name}: ${result.requests} answers in ${options.duration} s; measuring ${2 * call.connections} requests instead`,
    );
    await ready(server.base, call.name === 'ceiling' ? '/ready' : '/api/health');
    machine = machineWindow();
    ({ result, loop } = await server.measure(() =>
      load({
        base: server.base,
        paths: call.paths,
        connections: call.connections,
        durationSeconds: options.slowLimit,
        maxRequests: options.maxRequests,
        amount: 2 * call.connections,
        headers,
        timeoutSeconds: options.slowLimit,
      }),
    ));
  }
  const m = machine();
  log(
    `  ${call.name}: one request alone ${check.ms} ms; loaded: ${result.requests} responses, ${result.reqPerSec} req/s, p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, loop max ${loop.maxMs} ms, machine ${m.machineBusyPercent} % busy`,
  );
  return {
    ...call,
    load: result,
    loop,
    machine: m,
    firstResponse: check.bytes,
    firstMs: check.ms,
    aloneLoop,
    contentType: check.type,
  };
}
