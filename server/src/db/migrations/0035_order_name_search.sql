-- Decision 0051, the order list's name filter at a million orders. It looked for the typed text in
-- every order's folded customer name (trigram index on orders.customer_name, migration 0020) and
-- then read each matching order's row to check the list's conditions: a common name matched ten
-- thousand orders on as many heap blocks to count them (the count is capped at 10 001, the
-- contract's), and the page's sort read them all again. A million orders carry far fewer names.
-- Now the text is looked for among those names (a small table with its own trigram index), and the
-- orders of the names found are read from one index that holds what the list filters and counts
-- by (an index-only scan; decision 0051 has the figures).
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- Every folded customer name an order has had: kept by the trigger below in the transaction of the
-- change, whoever writes (a new order, a customer renamed through 0014's trigger). A name no order
-- carries any more stays: looking it up finds no order, which costs one index descent.
CREATE TABLE "order_customer_names" (
  "name" text PRIMARY KEY NOT NULL
);--> statement-breakpoint
INSERT INTO "order_customer_names" ("name")
  SELECT DISTINCT "customer_name" FROM "orders" WHERE "customer_name" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "order_customer_names_trgm_idx" ON "order_customer_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "order_customer_names_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_customer_names (name)
    SELECT DISTINCT customer_name FROM changed WHERE customer_name IS NOT NULL ORDER BY 1
    ON CONFLICT (name) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_customer_names_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_customer_names_keep"();--> statement-breakpoint
CREATE TRIGGER "order_customer_names_update" AFTER UPDATE ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_customer_names_keep"();--> statement-breakpoint
-- The orders the list shows (not drafts, with their customer) by name, with the columns of its
-- state filters, warehouse scope, date filters and sorts, so that counting them and choosing the
-- page's ten read no row (decision 0051; the trigram index it replaces is dropped).
-- Without the sorts' columns the default sort (delivery day) read every matching row again.
CREATE INDEX "orders_name_search_idx" ON "orders" USING btree ("customer_name", "id")
  INCLUDE ("hidden", "done", "collected_revenue_at", "warehouse_id", "expected_delivery_date",
    "expected_delivery_time", "created_at", "price_with_vat")
  WHERE "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;--> statement-breakpoint
-- Searched through the names now; its upkeep was the costliest part of writing an order's name.
DROP INDEX IF EXISTS "orders_customer_name_trgm_idx";
