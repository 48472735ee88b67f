-- Decision 0070: the dispatcher's list (a warehouse's open orders by delivery) at a deep
-- OFFSET page counted the orders of each stretch the offset passes ("from today": up to 4 991 index
-- entries at page 500, a million orders) to learn where the page starts, on every request.
-- order_list_day_counts keeps the number of listed orders (not drafts, with a customer) per
-- warehouse (0: none), expected delivery day (null: none yet) and the columns the state filters
-- read, as order_list_counts does without the day (0038), by statement triggers in the transaction
-- of every change of orders. A stretch's size under state and warehouse filters is then a sum of
-- the few kept rows of its days (order-list.queries.ts `keptSizes`); any other filter still counts.
-- The day leads the key: "from today" is a short range of it (141 rows at a million orders).
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "order_list_day_counts" (
  "warehouse_id" integer NOT NULL,
  "day" date,
  "hidden" boolean NOT NULL,
  "done" boolean NOT NULL,
  "collected" boolean NOT NULL,
  "order_count" integer NOT NULL,
  CONSTRAINT "order_list_day_counts_key" UNIQUE NULLS NOT DISTINCT ("day", "warehouse_id", "hidden", "done", "collected")
);--> statement-breakpoint
-- Adds signed changes in key order, skipping what nets to nothing (an edit of a note or a price).
CREATE FUNCTION "order_list_day_counts_add"("warehouses" integer[], "days" date[], "hiddens" boolean[],
  "dones" boolean[], "collecteds" boolean[], "signs" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_list_day_counts AS c (warehouse_id, day, hidden, done, collected, order_count)
  SELECT k.w, k.day, k.h, k.d, k.c, sum(k.s)::int
  FROM unnest(warehouses, days, hiddens, dones, collecteds, signs) AS k(w, day, h, d, c, s)
  GROUP BY k.day, k.w, k.h, k.d, k.c
  HAVING sum(k.s) <> 0
  ORDER BY k.day, k.w, k.h, k.d, k.c
  ON CONFLICT (day, warehouse_id, hidden, done, collected) DO UPDATE SET order_count = c.order_count + excluded.order_count
$$;--> statement-breakpoint
CREATE FUNCTION "orders_list_day_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w integer[]; dy date[]; h boolean[]; d boolean[]; c boolean[]; s integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(coalesce(n.warehouse_id, 0)), array_agg(n.expected_delivery_date), array_agg(n.hidden),
           array_agg(n.done), array_agg(n.collected_revenue_at IS NOT NULL), array_agg(1)
      INTO w, dy, h, d, c, s
      FROM changed AS n WHERE n.draft_touched_at IS NULL AND n.customer_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(coalesce(o.warehouse_id, 0)), array_agg(o.expected_delivery_date), array_agg(o.hidden),
           array_agg(o.done), array_agg(o.collected_revenue_at IS NOT NULL), array_agg(-1)
      INTO w, dy, h, d, c, s
      FROM was AS o WHERE o.draft_touched_at IS NULL AND o.customer_id IS NOT NULL;
  ELSE
    SELECT array_agg(k.w), array_agg(k.day), array_agg(k.h), array_agg(k.d), array_agg(k.c), array_agg(k.s)
      INTO w, dy, h, d, c, s
      FROM (
        SELECT coalesce(n.warehouse_id, 0) AS w, n.expected_delivery_date AS day, n.hidden AS h, n.done AS d,
               n.collected_revenue_at IS NOT NULL AS c, 1 AS s
          FROM changed AS n WHERE n.draft_touched_at IS NULL AND n.customer_id IS NOT NULL
        UNION ALL
        SELECT coalesce(o.warehouse_id, 0), o.expected_delivery_date, o.hidden, o.done,
               o.collected_revenue_at IS NOT NULL, -1
          FROM was AS o WHERE o.draft_touched_at IS NULL AND o.customer_id IS NOT NULL
      ) AS k;
  END IF;
  IF w IS NOT NULL THEN PERFORM order_list_day_counts_add(w, dy, h, d, c, s); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_list_day_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_list_day_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_list_day_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_list_day_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_list_day_counts_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_list_day_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_list_day_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "orders_list_day_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_list_day_counts_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_list_day_counts_truncate"();--> statement-breakpoint
-- The orders already there (the last statement: the test reruns it as the backfill).
INSERT INTO "order_list_day_counts" (warehouse_id, day, hidden, done, collected, order_count)
SELECT coalesce(warehouse_id, 0), expected_delivery_date, hidden, done, collected_revenue_at IS NOT NULL, count(*)::int
FROM orders WHERE draft_touched_at IS NULL AND customer_id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
