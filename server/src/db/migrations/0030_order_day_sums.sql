-- Decision 0043, the month's overviews from daily aggregates. GET /stats_by_warehouses and
-- /stats_for_products summed a month's orders and lines (seconds at a million orders); they now
-- read sums per Prague delivery day kept by triggers in the transaction of every change, so that no
-- writer (the steps, done/paid/cancel/delete, a copy, the draft sweeper, the seed, a hand-written
-- UPDATE) can leave them stale. An order counts as the overviews have always counted it: not
-- cancelled, not a draft, with customer, warehouse, currency and a delivery day.
--
-- order_day_sums: per day, warehouse, currency and done: orders, travel and total with VAT. The
-- total is the order's own "price_with_vat" (migration 0025, kept from its lines by triggers: a line
-- change updates its order, which reaches the triggers below), so these sums read orders only;
-- products = total − travel.
-- order_product_day_sums: the same key and the product: lines (one per order), amount, Σ of the
-- lines with VAT (price × amount × discount rounded to haléř, as 0025 and the overviews round).
-- Rows whose counts fall to 0 stay (their sums are exactly 0); readers skip them.
CREATE TABLE "order_day_sums" (
  "day" date NOT NULL,
  "warehouse_id" integer NOT NULL,
  "currency" text NOT NULL,
  "done" boolean NOT NULL,
  "order_count" integer NOT NULL,
  "travel" numeric NOT NULL,
  "total" numeric NOT NULL,
  PRIMARY KEY ("day", "warehouse_id", "currency", "done")
);--> statement-breakpoint
CREATE TABLE "order_product_day_sums" (
  "day" date NOT NULL,
  "product_id" integer NOT NULL,
  "warehouse_id" integer NOT NULL,
  "currency" text NOT NULL,
  "done" boolean NOT NULL,
  "line_count" integer NOT NULL,
  "amount" numeric NOT NULL,
  "with_vat" numeric NOT NULL,
  PRIMARY KEY ("day", "product_id", "warehouse_id", "currency", "done")
);--> statement-breakpoint
-- Whether the overviews count the order (stats.queries.ts conditions()), and its travel
-- (deliveryOf there; 0025's delivery share of price_with_vat for an order with a currency).
CREATE FUNCTION "order_counts_in_sums"(boolean, timestamptz, integer, integer, text, date) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT NOT $1 AND $2 IS NULL AND $3 IS NOT NULL AND $4 IS NOT NULL AND $5 IS NOT NULL AND $6 IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "order_travel"(numeric, numeric, numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN $1 IS NULL OR $2 IS NULL THEN 0 ELSE greatest(round($1 * $3 * 2, 2), round($2, 2)) END
$$;--> statement-breakpoint
-- A signed change of the sums: an order that starts (+1) or stops (−1) counting under a key.
-- "moves": its lines move with it (its key, or whether it counts, changed).
CREATE TYPE "order_sum_change" AS (
  "sign" integer, "id" integer, "day" date, "warehouse_id" integer, "currency" text, "done" boolean,
  "travel" numeric, "total" numeric, "moves" boolean
);--> statement-breakpoint
-- Adds the changes to the sums in key order (two transactions never wait on each other's rows
-- crosswise), skipping what nets to nothing; the lines of a moving order are read as they are now.
CREATE FUNCTION "order_lines_move"("changes" "order_sum_change"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_product_day_sums AS s (day, product_id, warehouse_id, currency, done, line_count, amount, with_vat)
  SELECT c.day, i.product_id, c.warehouse_id, c.currency, c.done,
         sum(c.sign), sum(c.sign * i.amount), sum(c.sign * round(i.price * i.amount * i.discount, 2))
  FROM unnest(changes) AS c JOIN order_items AS i ON i.order_id = c.id
  WHERE c.moves
  GROUP BY c.day, i.product_id, c.warehouse_id, c.currency, c.done
  HAVING sum(c.sign) <> 0 OR sum(c.sign * i.amount) <> 0
  ORDER BY c.day, i.product_id, c.warehouse_id, c.currency, c.done
  ON CONFLICT (day, product_id, warehouse_id, currency, done) DO UPDATE SET
    line_count = s.line_count + excluded.line_count,
    amount = s.amount + excluded.amount,
    with_vat = s.with_vat + excluded.with_vat
$$;--> statement-breakpoint
CREATE FUNCTION "order_sums_add"("changes" "order_sum_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(changes), 0) = 0 THEN RETURN; END IF;
  INSERT INTO order_day_sums AS s (day, warehouse_id, currency, done, order_count, travel, total)
  SELECT c.day, c.warehouse_id, c.currency, c.done, sum(c.sign), sum(c.sign * c.travel), sum(c.sign * c.total)
  FROM unnest(changes) AS c
  GROUP BY c.day, c.warehouse_id, c.currency, c.done
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.travel) <> 0 OR sum(c.sign * c.total) <> 0
  ORDER BY c.day, c.warehouse_id, c.currency, c.done
  ON CONFLICT (day, warehouse_id, currency, done) DO UPDATE SET
    order_count = s.order_count + excluded.order_count,
    travel = s.travel + excluded.travel,
    total = s.total + excluded.total;
  IF EXISTS (SELECT 1 FROM unnest(changes) AS c WHERE c.moves) THEN PERFORM order_lines_move(changes); END IF;
END $$;--> statement-breakpoint
-- Statement triggers on orders: the old rows that counted are subtracted, the new ones added. An
-- update that changes nothing the sums read costs one join of the transition tables. Lines move
-- with their order only when its key or whether it counts changed; on a delete they are gone by
-- the time this runs (the cascade runs first), so "orders_sums_delete_lines" took them out before.
CREATE FUNCTION "orders_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_sums_add(ARRAY(
      SELECT ROW(1, n.id, n.expected_delivery_date, n.warehouse_id, n.currency, n.done,
                 order_travel(n.delivery_price_amount, n.minimum_delivery_price, n.distance), n.price_with_vat,
                 false)::order_sum_change
      FROM changed AS n
      WHERE order_counts_in_sums(n.hidden, n.draft_touched_at, n.customer_id, n.warehouse_id, n.currency, n.expected_delivery_date)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_sums_add(ARRAY(
      SELECT ROW(-1, w.id, w.expected_delivery_date, w.warehouse_id, w.currency, w.done,
                 order_travel(w.delivery_price_amount, w.minimum_delivery_price, w.distance), w.price_with_vat,
                 false)::order_sum_change
      FROM was AS w
      WHERE order_counts_in_sums(w.hidden, w.draft_touched_at, w.customer_id, w.warehouse_id, w.currency, w.expected_delivery_date)));
  ELSE
    PERFORM order_sums_add(ARRAY(
      SELECT s.change
      FROM (
        SELECT n.id, n.expected_delivery_date AS day, n.warehouse_id, n.currency, n.done, n.price_with_vat AS total,
               w.expected_delivery_date AS old_day, w.warehouse_id AS old_warehouse, w.currency AS old_currency,
               w.done AS old_done, w.price_with_vat AS old_total,
               order_counts_in_sums(n.hidden, n.draft_touched_at, n.customer_id, n.warehouse_id, n.currency, n.expected_delivery_date) AS counts,
               order_counts_in_sums(w.hidden, w.draft_touched_at, w.customer_id, w.warehouse_id, w.currency, w.expected_delivery_date) AS old_counts,
               order_travel(n.delivery_price_amount, n.minimum_delivery_price, n.distance) AS travel,
               order_travel(w.delivery_price_amount, w.minimum_delivery_price, w.distance) AS old_travel
        FROM changed AS n JOIN was AS w ON w.id = n.id
      ) AS b
      CROSS JOIN LATERAL (SELECT (b.counts, b.day, b.warehouse_id, b.currency, b.done)
        IS DISTINCT FROM (b.old_counts, b.old_day, b.old_warehouse, b.old_currency, b.old_done) AS moves) AS m
      CROSS JOIN LATERAL (
        SELECT ROW(-1, b.id, b.old_day, b.old_warehouse, b.old_currency, b.old_done, b.old_travel, b.old_total,
                   m.moves)::order_sum_change WHERE b.old_counts
        UNION ALL
        SELECT ROW(1, b.id, b.day, b.warehouse_id, b.currency, b.done, b.travel, b.total, m.moves)::order_sum_change
        WHERE b.counts
      ) AS s (change)
      WHERE (b.counts OR b.old_counts)
        AND (m.moves OR b.travel <> b.old_travel OR b.total <> b.old_total)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_sums_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_sums"();--> statement-breakpoint
CREATE TRIGGER "orders_sums_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_sums"();--> statement-breakpoint
CREATE TRIGGER "orders_sums_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "orders_sums"();--> statement-breakpoint
-- A deleted order's lines, while they are still there (the cascade deletes them after the order,
-- when their own triggers no longer find it).
CREATE FUNCTION "orders_sums_delete_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_lines_move(ARRAY[ROW(-1, OLD.id, OLD.expected_delivery_date, OLD.warehouse_id, OLD.currency,
                                     OLD.done, 0, 0, true)::order_sum_change]);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_sums_delete_lines" BEFORE DELETE ON "orders" FOR EACH ROW
  WHEN (order_counts_in_sums(OLD.hidden, OLD.draft_touched_at, OLD.customer_id, OLD.warehouse_id, OLD.currency, OLD.expected_delivery_date))
  EXECUTE FUNCTION "orders_sums_delete_lines"();--> statement-breakpoint
-- A changed line: its product, amount and Σ with VAT, added (+1) or taken (−1).
CREATE TYPE "order_line_change" AS ("sign" integer, "order_id" integer, "product_id" integer, "amount" numeric, "with_vat" numeric);--> statement-breakpoint
-- Adds changed lines to the sums of their orders as the orders are now. The orders are locked first
-- (and read after the lock, by a statement of its own): an order whose key a concurrent transaction
-- changes moves the lines that transaction sees, and these lines land under the key it committed.
CREATE FUNCTION "order_lines_add"("lines" "order_line_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(lines), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM orders WHERE id IN (SELECT l.order_id FROM unnest(lines) AS l) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO order_product_day_sums AS s (day, product_id, warehouse_id, currency, done, line_count, amount, with_vat)
  SELECT o.expected_delivery_date, l.product_id, o.warehouse_id, o.currency, o.done,
         sum(l.sign), sum(l.sign * l.amount), sum(l.sign * l.with_vat)
  FROM unnest(lines) AS l JOIN orders AS o ON o.id = l.order_id
  WHERE order_counts_in_sums(o.hidden, o.draft_touched_at, o.customer_id, o.warehouse_id, o.currency, o.expected_delivery_date)
  GROUP BY o.expected_delivery_date, l.product_id, o.warehouse_id, o.currency, o.done
  HAVING sum(l.sign) <> 0 OR sum(l.sign * l.amount) <> 0 OR sum(l.sign * l.with_vat) <> 0
  ORDER BY o.expected_delivery_date, l.product_id, o.warehouse_id, o.currency, o.done
  ON CONFLICT (day, product_id, warehouse_id, currency, done) DO UPDATE SET
    line_count = s.line_count + excluded.line_count,
    amount = s.amount + excluded.amount,
    with_vat = s.with_vat + excluded.with_vat;
END $$;--> statement-breakpoint
-- Named after 0025's "order_items_price_with_vat_*", so they run after them (triggers of one event
-- run in name order): the orders' totals are already updated, and locked.
CREATE FUNCTION "order_items_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_lines_add(ARRAY(
      SELECT ROW(1, n.order_id, n.product_id, n.amount, round(n.price * n.amount * n.discount, 2))::order_line_change
      FROM changed AS n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_lines_add(ARRAY(
      SELECT ROW(-1, w.order_id, w.product_id, w.amount, round(w.price * w.amount * w.discount, 2))::order_line_change
      FROM was AS w));
  ELSE
    PERFORM order_lines_add(ARRAY(
      SELECT l.change
      FROM changed AS n JOIN was AS w ON w.id = n.id
      CROSS JOIN LATERAL (
        SELECT ROW(-1, w.order_id, w.product_id, w.amount, round(w.price * w.amount * w.discount, 2))::order_line_change
        UNION ALL
        SELECT ROW(1, n.order_id, n.product_id, n.amount, round(n.price * n.amount * n.discount, 2))::order_line_change
      ) AS l (change)
      WHERE (n.order_id, n.product_id, n.amount, round(n.price * n.amount * n.discount, 2))
        IS DISTINCT FROM (w.order_id, w.product_id, w.amount, round(w.price * w.amount * w.discount, 2))));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_items_sums_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_sums"();--> statement-breakpoint
CREATE TRIGGER "order_items_sums_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_sums"();--> statement-breakpoint
CREATE TRIGGER "order_items_sums_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_sums"();--> statement-breakpoint
-- TRUNCATE (tests, a restore) empties the sums with the orders.
CREATE FUNCTION "orders_sums_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_day_sums;
  DELETE FROM order_product_day_sums;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_sums_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_sums_truncate"();--> statement-breakpoint
-- The sums of the orders already there.
INSERT INTO "order_day_sums" ("day", "warehouse_id", "currency", "done", "order_count", "travel", "total")
SELECT "expected_delivery_date", "warehouse_id", "currency", "done", count(*),
       sum(order_travel("delivery_price_amount", "minimum_delivery_price", "distance")), sum("price_with_vat")
FROM "orders"
WHERE order_counts_in_sums("hidden", "draft_touched_at", "customer_id", "warehouse_id", "currency", "expected_delivery_date")
GROUP BY "expected_delivery_date", "warehouse_id", "currency", "done";--> statement-breakpoint
INSERT INTO "order_product_day_sums" ("day", "product_id", "warehouse_id", "currency", "done", "line_count", "amount", "with_vat")
SELECT o."expected_delivery_date", i."product_id", o."warehouse_id", o."currency", o."done", count(*),
       sum(i."amount"), sum(round(i."price" * i."amount" * i."discount", 2))
FROM "orders" AS o JOIN "order_items" AS i ON i."order_id" = o."id"
WHERE order_counts_in_sums(o."hidden", o."draft_touched_at", o."customer_id", o."warehouse_id", o."currency", o."expected_delivery_date")
GROUP BY o."expected_delivery_date", i."product_id", o."warehouse_id", o."currency", o."done";
