-- domain.md §2.10, decision 0063: private calendar (ICS) feeds a phone's calendar app subscribes
-- to, one per driver (their own deliveries) or per warehouse (its deliveries). The URL carries a
-- random secret of 32 bytes; only its SHA-256 is kept here, so a copy of the database opens no
-- feed. A new link revokes the one before: at most one active feed per driver and per warehouse
-- (the partial unique indexes), revoked rows stay for the record.
CREATE TABLE "calendar_feeds" (
  "id" serial PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "driver_id" integer REFERENCES "users"("id") ON DELETE cascade,
  "warehouse_id" integer REFERENCES "warehouses"("id") ON DELETE cascade,
  "token_hash" text NOT NULL,
  "created_by" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "revoked_at" timestamp with time zone,
  "revoked_by" integer REFERENCES "users"("id") ON DELETE set null,
  "last_fetched_at" timestamp with time zone,
  CONSTRAINT "calendar_feeds_kind_check" CHECK ("kind" in ('driver', 'warehouse')),
  CONSTRAINT "calendar_feeds_subject_check" CHECK (
    ("kind" = 'driver') = ("driver_id" is not null) and ("kind" = 'warehouse') = ("warehouse_id" is not null)
  )
);--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_uq" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_driver_active_uq" ON "calendar_feeds" USING btree ("driver_id") WHERE "kind" = 'driver' and "revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_warehouse_active_uq" ON "calendar_feeds" USING btree ("warehouse_id") WHERE "kind" = 'warehouse' and "revoked_at" is null;
