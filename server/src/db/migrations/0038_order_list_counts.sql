-- Decision 0055: the order list's total without counting the orders. With the answer cache off, the
-- total of the first page (every order, or one warehouse's, or the open ones) counted up to
-- 10 000 + 1 index entries on every request: the database's CPU and a round trip of its own, more
-- than the page itself (decision 0055 has the figures).
-- order_list_counts keeps the number of listed orders (not drafts, with a customer: the list's
-- `draftsOf`) per warehouse (0: none) and per the columns the state filters read, raised and
-- lowered by statement triggers in the transaction of every change of orders, whoever writes it
-- (as the day sums of 0030). A list filtered only by state and warehouses sums at most 40 rows, in
-- the page's own statement; any other filter still counts (order-list.queries.ts `keptTotal`).
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "order_list_counts" (
  "warehouse_id" integer NOT NULL,
  "hidden" boolean NOT NULL,
  "done" boolean NOT NULL,
  "collected" boolean NOT NULL,
  "order_count" integer NOT NULL,
  PRIMARY KEY ("warehouse_id", "hidden", "done", "collected")
);--> statement-breakpoint
-- Adds signed changes in key order (two transactions never wait on each other's rows crosswise
-- within a statement), skipping what nets to nothing: an edit of a note or a price touches no row.
CREATE FUNCTION "order_list_counts_add"("warehouses" integer[], "hiddens" boolean[], "dones" boolean[],
  "collecteds" boolean[], "signs" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_list_counts AS c (warehouse_id, hidden, done, collected, order_count)
  SELECT k.w, k.h, k.d, k.c, sum(k.s)::int
  FROM unnest(warehouses, hiddens, dones, collecteds, signs) AS k(w, h, d, c, s)
  GROUP BY k.w, k.h, k.d, k.c
  HAVING sum(k.s) <> 0
  ORDER BY k.w, k.h, k.d, k.c
  ON CONFLICT (warehouse_id, hidden, done, collected) DO UPDATE SET order_count = c.order_count + excluded.order_count
$$;--> statement-breakpoint
CREATE FUNCTION "orders_list_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w integer[]; h boolean[]; d boolean[]; c boolean[]; s integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(coalesce(n.warehouse_id, 0)), array_agg(n.hidden), array_agg(n.done),
           array_agg(n.collected_revenue_at IS NOT NULL), array_agg(1)
      INTO w, h, d, c, s
      FROM changed AS n WHERE n.draft_touched_at IS NULL AND n.customer_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(coalesce(o.warehouse_id, 0)), array_agg(o.hidden), array_agg(o.done),
           array_agg(o.collected_revenue_at IS NOT NULL), array_agg(-1)
      INTO w, h, d, c, s
      FROM was AS o WHERE o.draft_touched_at IS NULL AND o.customer_id IS NOT NULL;
  ELSE
    SELECT array_agg(k.w), array_agg(k.h), array_agg(k.d), array_agg(k.c), array_agg(k.s)
      INTO w, h, d, c, s
      FROM (
        SELECT coalesce(n.warehouse_id, 0) AS w, n.hidden AS h, n.done AS d,
               n.collected_revenue_at IS NOT NULL AS c, 1 AS s
          FROM changed AS n WHERE n.draft_touched_at IS NULL AND n.customer_id IS NOT NULL
        UNION ALL
        SELECT coalesce(o.warehouse_id, 0), o.hidden, o.done, o.collected_revenue_at IS NOT NULL, -1
          FROM was AS o WHERE o.draft_touched_at IS NULL AND o.customer_id IS NOT NULL
      ) AS k;
  END IF;
  IF w IS NOT NULL THEN PERFORM order_list_counts_add(w, h, d, c, s); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_list_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_list_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_list_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_list_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_list_counts_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_list_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_list_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "orders_list_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_list_counts_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_list_counts_truncate"();--> statement-breakpoint
-- The orders already there (the last statement: the test reruns it as the backfill).
INSERT INTO "order_list_counts" (warehouse_id, hidden, done, collected, order_count)
SELECT coalesce(warehouse_id, 0), hidden, done, collected_revenue_at IS NOT NULL, count(*)::int
FROM orders WHERE draft_touched_at IS NULL AND customer_id IS NOT NULL
GROUP BY 1, 2, 3, 4;
