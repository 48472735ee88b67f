-- Decision 0062: a deep OFFSET page of the whole list (every order, no filter) walked its sort's index
-- and read the table for each row it skipped, to drop drafts and orders without a customer: at a
-- page 500 deep, 20 connections reached a third of the first page's throughput (decision 0062 has
-- the figures). The list's sort indexes now hold only what the
-- list shows (the predicate every list statement carries, order-list.queries.ts draftsOf) and
-- include the columns the state and warehouse filters and the expression keys read: the page is
-- read index-only, however deep. The drafts filter reads orders_drafts_idx; the
-- overviews and the export carry the same predicate (stats.queries.ts conditions).
DROP INDEX IF EXISTS "orders_delivery_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_created_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_total_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_stage_sort_idx";--> statement-breakpoint
CREATE INDEX "orders_delivery_sort_idx" ON "orders" USING btree ("expected_delivery_date", (coalesce("expected_delivery_time", '24:00'::time)), "id") INCLUDE ("warehouse_id", "hidden", "done", "expected_delivery_time")
  WHERE "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_created_sort_idx" ON "orders" USING btree ("created_at", "id") INCLUDE ("warehouse_id", "hidden", "done")
  WHERE "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_customer_sort_idx" ON "orders" USING btree (("customer_name" COLLATE "C"), "id") INCLUDE ("warehouse_id", "hidden", "done")
  WHERE "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_total_sort_idx" ON "orders" USING btree ("price_with_vat", "id") INCLUDE ("warehouse_id", "hidden", "done")
  WHERE "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_stage_sort_idx" ON "orders" USING btree ((CASE WHEN "hidden" THEN 2 WHEN "done" THEN 1 ELSE 0 END), "id") INCLUDE ("warehouse_id", "hidden", "done")
  WHERE "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;
