import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The periodic jobs' last runs (decision 0045, migration 0032): a server process runs a job only after it
 * claimed the job's period here, so several processes run each job once per period between them.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  runs: integer('runs').notNull().default(0),
  lastError: text('last_error'),
});
