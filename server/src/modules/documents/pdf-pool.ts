import { availableParallelism } from 'node:os';
import { ErrorCode } from '@letokruh/contracts/errors';
import { Piscina } from 'piscina';
import { AppError } from '../../plugins/errors.ts';
import type { RenderTask } from './render.ts';

/**
 * PDFs are drawn in worker threads (issue 13 §4): pdfkit's drawing is synchronous, and the merged
 * delivery notes of a busy day (≈ 266 orders) held the event loop 0.7–1.2 s. One pool per app:
 * threads are started on the first PDF and end after a minute idle; at most cores − 1 of them
 * (at least 1), so the event loop keeps a core; at most `maxQueue` PDFs wait, beyond that 503.
 */
export type PdfPool = { render(task: RenderTask): Promise<Buffer>; close(): Promise<void> };

export function createPdfPool(options: { threads?: number; maxQueue?: number } = {}): PdfPool {
  let pool: Piscina | undefined;
  const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
  const maxQueue = options.maxQueue ?? 64;
  const underWay = new Set<Promise<unknown>>();
  let closing = false;
  const start = () => {
    if (pool) return pool;
    pool = new Piscina({
      filename: new URL('./render-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      maxQueue,
      // Workers do not inherit the server's `--import` flags (a preloaded probe, a loader the
      // thread cannot use): render-worker.mjs loads what it needs itself.
      execArgv: [],
    });
    // A worker that fails outside a task (it could not start) must not take the server down: its
    // tasks are refused (500) and the next PDF starts a new worker.
    pool.on('error', (error: unknown) => console.error('PDF worker failed:', error));
    return pool;
  };
  return {
    async render(task) {
      if (closing) throw new AppError(503, ErrorCode.internal, 'The server is stopping: try again shortly');
      const workers = start();
      if (workers.queueSize >= maxQueue) {
        throw new AppError(503, ErrorCode.internal, 'Too many documents being drawn: try again shortly');
      }
      const running = workers.run(task) as Promise<Uint8Array>;
      underWay.add(running);
      try {
        const bytes = await running;
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } finally {
        underWay.delete(running);
      }
    },
    async close() {
      // PDFs asked for finish first, queued ones too: Fastify runs onClose while requests are
      // still answered, and `destroy()` failed them ("Terminating worker thread").
      closing = true;
      while (underWay.size > 0) await Promise.allSettled(underWay);
      await pool?.destroy();
      pool = undefined;
    },
  };
}
