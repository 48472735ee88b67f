-- Decision 0052: the open orders of a warehouse in each of the list's sorts. With the answer cache
-- off, an OFFSET page deep in the dispatcher's list (warehouse + open, page 500) walked the whole
-- sort's index and dropped the rows of other warehouses and of done and cancelled orders: by total
-- hundreds of thousands of rows read to keep 5 000. Open orders are a few per cent of all, so each
-- sort gets a partial index of them, with the warehouse beside the keys: the page is read
-- index-only (decision 0052 has the figures). The sort keys are those of order-sort.ts (the same
-- text as the sort indexes of migrations 0022 and 0025), without the warehouse in front so that a
-- user scoped to several warehouses, or none, walks the same index. The columns behind an
-- expression key are included too: without them PostgreSQL reads the table for every row it skips.
CREATE INDEX "orders_open_delivery_sort_idx" ON "orders" USING btree ("expected_delivery_date", (coalesce("expected_delivery_time", '24:00'::time)), "id") INCLUDE ("warehouse_id", "expected_delivery_time")
  WHERE NOT "hidden" AND NOT "done" AND "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_open_created_sort_idx" ON "orders" USING btree ("created_at", "id") INCLUDE ("warehouse_id")
  WHERE NOT "hidden" AND NOT "done" AND "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_open_customer_sort_idx" ON "orders" USING btree (("customer_name" COLLATE "C"), "id") INCLUDE ("warehouse_id")
  WHERE NOT "hidden" AND NOT "done" AND "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_open_total_sort_idx" ON "orders" USING btree ("price_with_vat", "id") INCLUDE ("warehouse_id")
  WHERE NOT "hidden" AND NOT "done" AND "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_open_stage_sort_idx" ON "orders" USING btree ((CASE WHEN "hidden" THEN 2 WHEN "done" THEN 1 ELSE 0 END), "id") INCLUDE ("warehouse_id", "hidden", "done")
  WHERE NOT "hidden" AND NOT "done" AND "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;
