-- Decision 0002: failed logins are counted per (account, address) pair, per address (failures only)
-- and a pair that signed in before is remembered, instead of one counter per username that anyone
-- could fill to lock the real user out. The old counters mean nothing under the new rules and are
-- dropped with their table (old throttle rows deleted).
DROP TABLE "login_throttle";--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_throttle_kind_username_address_pk" PRIMARY KEY("kind","username","address")
);--> statement-breakpoint
CREATE INDEX "login_throttle_updated_at_idx" ON "login_throttle" USING btree ("updated_at");
