-- Decision 0045: the periodic jobs (stale drafts, expired sessions, old sign-in counters) run once per
-- period for all server processes together, not once in each: a process claims a job's period by
-- moving `last_started_at` forward in one statement, and only the one that moved it runs the job.
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
