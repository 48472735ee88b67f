-- Decision 0030: an order is a draft until its third step (internal data) is saved the first time.
-- `draft_touched_at` is set while the order is a draft (the last time a step touched it) and null
-- once it is an order; drafts are deleted after 7 days untouched. The intern step always saves a
-- delivery day, so an existing order without one, never done, paid or cancelled, has not been
-- through it: a draft. Those get a full 7 days from this migration, to be finished or discarded.
ALTER TABLE "orders" ADD COLUMN "draft_touched_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "draft_touched_at" = now()
  WHERE "expected_delivery_date" IS NULL AND NOT "done" AND NOT "hidden" AND "collected_revenue_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_drafts_idx" ON "orders" USING btree ("created_by","id") WHERE "orders"."draft_touched_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_draft_touched_idx" ON "orders" USING btree ("draft_touched_at") WHERE "orders"."draft_touched_at" is not null;
