import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The periodic jobs (decision 0045). Every server process looks every minute whether a job is due, but a
 * job runs only in the process that claimed its period in `scheduled_jobs` (one statement moves
 * `last_started_at` forward only when the period has passed), so two or twenty processes run each
 * job once per period between them. A process that dies in the middle leaves the job to the next
 * period; the jobs are idempotent deletions. The list of jobs is the caller's (`app-jobs.ts`, beside
 * app.ts): the runner knows no module (decision 0091).
 */
export type Job = { name: string; everyMs: number; run(): Promise<unknown> };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** True for the one caller that claimed this period of `name` (its run count is bumped). */
export async function claimJob(db: Db, name: string, everyMs: number): Promise<boolean> {
  const claimed = await db.execute(sql`
    insert into scheduled_jobs as j (name, last_started_at, runs) values (${name}, now(), 1)
    on conflict (name) do update set last_started_at = now(), runs = j.runs + 1
      where j.last_started_at <= now() - make_interval(secs => ${everyMs / 1000})
    returning runs`);
  return rowsOf(claimed).length > 0;
}

async function finishJob(db: Db, name: string, error: unknown): Promise<void> {
  await db.execute(sql`
    update scheduled_jobs set last_finished_at = now(),
      last_error = ${error ? String((error as Error).message ?? error).slice(0, 500) : null}
    where name = ${name}`);
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Looks for due jobs a second after start and then every `tickMs`; answers a function that stops
 * it. The timers never keep the process alive; a failed claim (the database away) waits for the
 * next tick, a failed job for its next period.
 */
export function startJobs(db: Db, jobs: Job[], log: Log, tickMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const job of jobs) {
        let claimed = false;
        try {
          claimed = await claimJob(db, job.name, job.everyMs);
        } catch (error) {
          log.error({ err: error, job: job.name }, 'periodic job: claim failed');
          continue;
        }
        if (!claimed) continue;
        let failure: unknown = null;
        try {
          const result = await job.run();
          log.info(
            { job: job.name, result: typeof result === 'number' ? result : undefined },
            'periodic job ran',
          );
        } catch (error) {
          failure = error ?? 'failed';
          log.error({ err: error, job: job.name }, 'periodic job failed');
        }
        await finishJob(db, job.name, failure).catch(() => undefined);
      }
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, 1000);
  const every = setInterval(tick, tickMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
