import { availableParallelism } from 'node:os';
import { lazyWorkerPool } from '../../worker-pool.ts';
import type { RenderTask } from './render.ts';

/**
 * PDFs are drawn in worker threads (decision 0022): pdfkit's drawing is synchronous, and the merged
 * delivery notes of a busy day (≈ 266 orders) held the event loop for about a second (figures:
 * bench/results/2026-11-29-comment-figures.md). One pool per app:
 * threads are started on the first PDF and end after a minute idle; at most cores − 1 of them
 * (at least 1), so the event loop keeps a core; at most `maxQueue` PDFs wait, beyond that 503.
 */
export type PdfPool = { render(task: RenderTask): Promise<Buffer>; close(): Promise<void> };

export function createPdfPool(options: { threads?: number; maxQueue?: number } = {}): PdfPool {
  const pool = lazyWorkerPool({
    filename: new URL('./render-worker.mjs', import.meta.url),
    name: 'PDF',
    minThreads: 0,
    maxThreads: options.threads ?? Math.max(1, availableParallelism() - 1),
    maxQueue: options.maxQueue ?? 64,
    busy: 'Too many documents being drawn: try again shortly',
  });
  return {
    async render(task) {
      const bytes = await pool.run<Uint8Array>(task);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.close(),
  };
}
