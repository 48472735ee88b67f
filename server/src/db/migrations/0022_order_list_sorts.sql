-- Decision 0027, the order list sorted by expected delivery, creation, customer or state at a million
-- orders: one index per sort, its key then the id, so a page (and a keyset page however deep) is
-- one walk along it. The expressions are the ones the list writes (modules/orders/order-sort.ts).
-- Delivery and creation replace their one-column indexes: the filters by day use the wider ones.
-- The customer index leaves drafts out (the list always does): a name search without that
-- condition is not offered a whole-index scan of it instead of the trigram index.
DROP INDEX IF EXISTS "orders_date_idx";--> statement-breakpoint
CREATE INDEX "orders_delivery_sort_idx" ON "orders" USING btree ("expected_delivery_date", (coalesce("expected_delivery_time", '24:00'::time)), "id");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_sort_idx" ON "orders" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX "orders_customer_sort_idx" ON "orders" USING btree (("customer_name" collate "C"), "id") WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_stage_sort_idx" ON "orders" USING btree ((case when "hidden" then 2 when "done" then 1 else 0 end), "id");
