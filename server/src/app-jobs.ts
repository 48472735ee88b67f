import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { pruneThrottle } from './modules/auth/index.ts';
import { fetchFioStatements } from './modules/bank/fio-job.ts';
import { tokenSeal } from './modules/bank/token-seal.ts';
import { draftSweepEveryMs, sweepStaleDrafts } from './modules/orders/steps/drafts.service.ts';
import type { Job } from './plugins/jobs.ts';
import { deleteExpiredSessions } from './plugins/sessions.ts';
import type { Storage } from './plugins/storage.ts';

/**
 * The app's jobs, which plugins/jobs.ts runs: stale drafts, expired sessions, old sign-in counters,
 * and the Fio statements (domain.md §2.12), whose 30 s per token are claimed per account besides.
 */
export function appJobs(options: { config: Config; db: Db; storage: Storage }): Job[] {
  const { config, db, storage } = options;
  const hour = 60 * 60 * 1000;
  return [
    { name: 'drafts', everyMs: draftSweepEveryMs, run: () => sweepStaleDrafts(db, storage) },
    {
      name: 'sessions',
      everyMs: hour,
      run: () => deleteExpiredSessions(db, new Date(Date.now() - config.sessionIdleMs)),
    },
    { name: 'login-throttle', everyMs: 10 * 60 * 1000, run: () => pruneThrottle(db) },
    {
      name: 'bank-fio',
      everyMs: 30_000,
      run: () => fetchFioStatements(db, { fioApiUrl: config.fioApiUrl, seal: tokenSeal(config) }),
    },
  ];
}
