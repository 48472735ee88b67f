-- Moving in from the old system (docs/decisions/0085-moving-in-from-the-old-system-through-its-api.md):
-- each imported record's old id, per entity, with the id it got here and a fingerprint of what was
-- written, so that a second run updates what changed, adds what is new and duplicates nothing.
CREATE TABLE "import_ids" (
  "entity" text NOT NULL,
  "old_id" text NOT NULL,
  "new_id" bigint NOT NULL,
  "fingerprint" text NOT NULL,
  "imported_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "import_ids_pk" PRIMARY KEY ("entity", "old_id")
);--> statement-breakpoint
CREATE INDEX "import_ids_new_idx" ON "import_ids" USING btree ("entity", "new_id");--> statement-breakpoint
-- The stock a warehouse held in the old system enters the ledger as one row of its own reason.
ALTER TABLE "stock_ledger" DROP CONSTRAINT "stock_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_reason_check" CHECK ("stock_ledger"."reason" in ('manual', 'order_done', 'order_undone', 'conversion', 'opening_balance'));
