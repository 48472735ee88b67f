-- Decision 0052: the open orders (not done, not cancelled, not drafts) of a warehouse, the dispatcher's
-- list. Its total (capped at 10 001) read the orders table from the start until it had counted
-- 10 001 open ones: most of the table at a million orders, and with the answer cache off the
-- bench's "warehouse + open" pages missed their targets far. Open orders are a few per cent of all:
-- a partial index of them counts them index-only (decision 0052 has the figures).
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("warehouse_id", "id")
  WHERE NOT "hidden" AND NOT "done" AND "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;
