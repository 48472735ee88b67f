import { ErrorCode } from '@letokruh/contracts/errors';
import { Piscina } from 'piscina';
import { AppError } from './plugins/errors.ts';

/**
 * A piscina pool started on its first task, as the PDF drawing (modules/documents/pdf-pool.ts)
 * and the large JSON answers (db/json-queries.ts) use it:
 * - at most `maxQueue` tasks wait beyond the running ones; more are refused with 503 (`busy`);
 * - tasks start in the order they were asked for (`stricterFIFO`): by default piscina, when a
 *   thread frees up, hands it the queue's head and moves the next task, which no thread takes
 *   yet, to the tail; under load a task went round the queue again and again (decision 0068);
 * - `close()` lets every task already asked for finish, queued ones too (Fastify runs onClose while
 *   requests are still being answered), then ends the threads; after it, tasks are refused with
 *   503. Piscina's own `close()` waits only for the tasks its threads hold: those still queued
 *   fail with "Terminating worker thread", as with `destroy()` (hardening/pdf-pool.test.ts);
 * - a thread that fails outside a task (it could not start) is logged, not fatal: its tasks fail
 *   and the next task starts a new thread.
 * Threads do not inherit the server's `--import` flags (a preloaded probe, a loader the thread
 * cannot use): each worker file loads what it needs itself.
 */
export type WorkerPool = {
  /** `signal`: aborting it ends the task's thread (piscina) and fails the task. */
  run<T>(task: unknown, options?: { signal?: AbortSignal }): Promise<T>;
  /** True once `close()` was called. */
  readonly closing: boolean;
  close(): Promise<void>;
};

export function lazyWorkerPool(options: {
  filename: URL;
  /** Named in the log when a thread fails. */
  name: string;
  minThreads: number;
  maxThreads: number;
  maxQueue: number;
  concurrentTasksPerWorker?: number;
  /** Memory a thread may use; beyond it the thread ends and its task fails (ERR_WORKER_OUT_OF_MEMORY). */
  resourceLimits?: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb?: number };
  /** The 503's message when the queue is full. */
  busy: string;
}): WorkerPool {
  let pool: Piscina | undefined;
  const underWay = new Set<Promise<unknown>>();
  let closing = false;
  const start = () => {
    if (pool) return pool;
    pool = new Piscina({
      filename: options.filename.href,
      minThreads: options.minThreads,
      maxThreads: options.maxThreads,
      idleTimeout: 60_000,
      maxQueue: options.maxQueue,
      stricterFIFO: true,
      ...(options.concurrentTasksPerWorker
        ? { concurrentTasksPerWorker: options.concurrentTasksPerWorker }
        : {}),
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      execArgv: [],
    });
    pool.on('error', (error: unknown) => console.error(`${options.name} worker failed:`, error));
    return pool;
  };
  return {
    get closing() {
      return closing;
    },
    async run<T>(task: unknown, runOptions: { signal?: AbortSignal } = {}) {
      if (closing) throw new AppError(503, ErrorCode.internal, 'The server is stopping: try again shortly');
      const workers = start();
      if (workers.queueSize >= options.maxQueue) throw new AppError(503, ErrorCode.internal, options.busy);
      const running = workers.run(task, runOptions.signal ? { signal: runOptions.signal } : {}) as Promise<T>;
      underWay.add(running);
      try {
        return await running;
      } finally {
        underWay.delete(running);
      }
    },
    async close() {
      closing = true;
      while (underWay.size > 0) await Promise.allSettled(underWay);
      await pool?.destroy();
      pool = undefined;
    },
  };
}
