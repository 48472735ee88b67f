-- Decision 0069: the dispatcher's list (one warehouse, open orders, by delivery) at a
-- deep OFFSET page walked the open orders' delivery index of every warehouse and dropped the others'
-- rows, twice (the page, then the segment's size). With the warehouse in front the walk reads only
-- its rows (decision 0069 has the figures). The index of all warehouses stays
-- for a user who sees several or all of them.
CREATE INDEX "orders_open_warehouse_delivery_sort_idx" ON "orders" USING btree ("warehouse_id", "expected_delivery_date", (coalesce("expected_delivery_time", '24:00'::time)), "id") INCLUDE ("expected_delivery_time")
  WHERE NOT "hidden" AND NOT "done" AND "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;
