/**
 * A server process the bench starts on 127.0.0.1 with the loop probe preloaded, waits for, asks
 * for measuring windows over IPC, samples the resident set of from /proc, and stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProbeWindow } from './loop-probe.ts';

export const root = path.resolve(import.meta.dirname, '../..');
const probe = pathToFileURL(path.join(import.meta.dirname, 'loop-probe.ts')).href;

/** A free port on the loopback, chosen by the system. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The resident set of a process in bytes, from /proc (Linux); null elsewhere. */
export function rssOf(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's resident set every `everyMs` until stopped: the peak and the samples taken. */
export function sampleRss(pid: number, everyMs = 20) {
  let peak = rssOf(pid) ?? 0;
  let samples = 0;
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== null) {
      peak = Math.max(peak, rss);
      samples++;
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { peak, samples };
    },
  };
}

export type Child = {
  name: string;
  pid: number;
  base: string;
  /** Runs `work` inside a probe window: the event-loop figures of the server while it ran. */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; loop: ProbeWindow }>;
  output(): string;
  /** Stops the process; answers the probe's figures of its whole life (null if it wrote none). */
  stop(): Promise<WholeRun | null>;
};

export type WholeRun = { maxMs: number; p99Ms: number; p50Ms: number; meanMs: number; samples: number };

export async function startChild(options: {
  name: string;
  script: string;
  env: Record<string, string>;
  port: number;
  /** A GET that answers 200 once the server is ready. */
  readyPath: string;
  readyTimeoutMs?: number;
}): Promise<Child> {
  const loopFile = path.join(
    fs.mkdtempSync(path.join((process.env.TMPDIR ?? '/tmp').replace(/\/$/, ''), 'bench-loop-')),
    'loop.json',
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in
      // Chrome's DevTools, Performance tab); its worker threads write theirs too.
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      '--import',
      probe,
      options.script,
    ],
    {
      cwd: root,
      env: { ...process.env, ...options.env, BENCH_LOOP_FILE: loopFile },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const base = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (exited !== undefined)
      throw new Error(`${options.name} exited (${exited}) before it was ready:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} not ready after ${options.readyTimeoutMs ?? 120_000} ms:\n${log}`);
    }
    try {
      const answer = await fetch(`${base}${options.readyPath}`, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  let nextId = 0;
  const ask = (probe: 'start' | 'stop') =>
    new Promise<ProbeWindow | undefined>((resolve, reject) => {
      if (exited !== undefined) {
        reject(new Error(`${options.name} exited (${exited}) while measured:\n${log.slice(-4000)}`));
        return;
      }
      const id = ++nextId;
      const timer = setTimeout(
        () => reject(new Error(`${options.name}: no answer from the loop probe`)),
        30_000,
      );
      const listen = (message: { id?: number; window?: ProbeWindow }) => {
        if (message?.id !== id) return;
        clearTimeout(timer);
        child.off('message', listen);
        resolve(message.window);
      };
      child.on('message', listen);
      child.send({ probe, id }, (error) => {
        if (error) {
          clearTimeout(timer);
          reject(new Error(`${options.name} exited while measured:\n${log.slice(-4000)}`));
        }
      });
    });

  return {
    name: options.name,
    pid: child.pid!,
    base,
    async measure(work) {
      await ask('start');
      const result = await work();
      const loop = (await ask('stop'))!;
      return { result, loop };
    },
    output: () => log,
    async stop() {
      if (exited === undefined) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(timer);
      }
      let whole: WholeRun | null = null;
      try {
        whole = JSON.parse(fs.readFileSync(loopFile, 'utf8')) as WholeRun;
      } catch {
        // killed hard: no exit file
      }
      fs.rmSync(path.dirname(loopFile), { recursive: true, force: true });
      return whole;
    },
  };
}
