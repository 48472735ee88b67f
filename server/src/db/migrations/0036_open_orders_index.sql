-- Decision 0052: the open orders (not done, not cancelled, not drafts) of a warehouse, the dispatcher's
-- list. Its total (capped at 10 001) read the orders table from the start until it had counted
-- 10 001 open ones: at a million orders 800 000 rows, 244 ms, and with the answer cache off the
-- bench's "warehouse + open" pages answered 7–10 req/s at p95 2.3–3.5 s. Open orders are a few per
-- cent of all: a partial index of them (920 kB at 1M) counts them index-only in 4 ms.
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("warehouse_id", "id")
  WHERE NOT "hidden" AND NOT "done" AND "draft_touched_at" IS NULL AND "customer_id" IS NOT NULL;
