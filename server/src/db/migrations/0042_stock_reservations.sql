-- Decision 0064, reserved stock. An order that is saved (not a draft), not done and not cancelled
-- reserves its lines in its warehouse until it is done (the goods leave: the ledger takes them) or
-- cancelled. stock_reservations keeps, per warehouse and product, the sum of the line amounts of
-- such orders, raised and lowered by triggers in the transaction of every change of orders and
-- order_items, whoever writes it (the steps, done/undone/cancel/restore, a copy, the draft sweep,
-- the seed, a hand-written UPDATE), as the day sums of 0030 and the list counts of 0038 are.
-- "Available" = product_stock.amount − reserved; the items step warns below zero.
-- An order reserves as the list's open orders are counted (0036's index): not hidden, not done,
-- not a draft, with a customer and a warehouse. Rows whose amount falls to 0 stay; readers skip them.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "order_items" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "stock_reservations" (
  "warehouse_id" integer NOT NULL,
  "product_id" integer NOT NULL,
  "amount" numeric(14, 2) NOT NULL,
  PRIMARY KEY ("warehouse_id", "product_id")
);--> statement-breakpoint
CREATE FUNCTION "order_reserves"(hidden boolean, done boolean, draft timestamptz, customer integer,
  warehouse integer) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT NOT hidden AND NOT done AND draft IS NULL AND customer IS NOT NULL AND warehouse IS NOT NULL
$$;--> statement-breakpoint
-- Adds signed amounts in key order (two transactions never wait on each other's rows crosswise
-- within a statement), skipping what nets to nothing: a price edit touches no row. Concurrent
-- writers of one key queue on its row: amount = amount + change, none is lost.
CREATE FUNCTION "stock_reservations_add"("warehouses" integer[], "products" integer[], "amounts" numeric[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO stock_reservations AS r (warehouse_id, product_id, amount)
  SELECT k.w, k.p, sum(k.a)
  FROM unnest(warehouses, products, amounts) AS k(w, p, a)
  GROUP BY k.w, k.p
  HAVING sum(k.a) <> 0
  ORDER BY k.w, k.p
  ON CONFLICT (warehouse_id, product_id) DO UPDATE SET amount = r.amount + excluded.amount
$$;--> statement-breakpoint
-- Lock order: an items save locks the reservation rows it will change first of all (after its
-- order's row, stock.queries.ts lockReservations), so every other writer must take them before the
-- rows other triggers share (data_scopes, order_list_counts, the day sums): the triggers of one
-- table run in name order, and "a_stock_reservations_*" come first on orders and on order_items.
-- Otherwise an items save and a cancel of another order of the same day wait on each other crosswise.
--
-- An order that starts or stops reserving, or moves to another warehouse, moves its lines as they
-- are now: out of the old warehouse, into the new one. Any other update costs one join of the
-- transition tables.
CREATE FUNCTION "orders_reservations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w integer[]; p integer[]; a numeric[];
BEGIN
  SELECT array_agg(v.w), array_agg(i.product_id), array_agg(v.sign * i.amount)
    INTO w, p, a
    FROM (
      SELECT n.id, n.warehouse_id AS warehouse, o.warehouse_id AS old_warehouse,
             order_reserves(n.hidden, n.done, n.draft_touched_at, n.customer_id, n.warehouse_id) AS reserves,
             order_reserves(o.hidden, o.done, o.draft_touched_at, o.customer_id, o.warehouse_id) AS old_reserves
        FROM changed AS n JOIN was AS o ON o.id = n.id
    ) AS b
    JOIN order_items AS i ON i.order_id = b.id
    CROSS JOIN LATERAL (VALUES (b.old_warehouse, -1, b.old_reserves), (b.warehouse, 1, b.reserves)) AS v(w, sign, counts)
    WHERE v.counts AND (b.reserves, b.warehouse) IS DISTINCT FROM (b.old_reserves, b.old_warehouse);
  IF w IS NOT NULL THEN PERFORM stock_reservations_add(w, p, a); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "a_stock_reservations_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_reservations"();--> statement-breakpoint
-- A deleted reserving order's lines, while they are still there (the cascade deletes them after
-- the order, when their own trigger no longer finds it). A new order has no lines yet: no insert
-- trigger on orders.
CREATE FUNCTION "orders_reservations_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p integer[]; a numeric[];
BEGIN
  SELECT array_agg(i.product_id), array_agg(-i.amount) INTO p, a FROM order_items AS i WHERE i.order_id = OLD.id;
  IF p IS NOT NULL THEN
    PERFORM stock_reservations_add(array_fill(OLD.warehouse_id, ARRAY[cardinality(p)]), p, a);
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "a_stock_reservations_delete" BEFORE DELETE ON "orders" FOR EACH ROW
  WHEN (order_reserves(OLD.hidden, OLD.done, OLD.draft_touched_at, OLD.customer_id, OLD.warehouse_id))
  EXECUTE FUNCTION "orders_reservations_delete"();--> statement-breakpoint
-- Changed lines count in the warehouse of their order as it is now. The orders are locked first and
-- read after the lock, by a statement of its own (as 0030's order_lines_add): an order a concurrent
-- transaction moves or cancels moves the lines that transaction sees, and these land where it left it.
CREATE FUNCTION "order_items_reservations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o integer[]; p integer[]; a numeric[];
  w integer[]; wp integer[]; wa numeric[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.order_id), array_agg(n.product_id), array_agg(n.amount) INTO o, p, a FROM changed AS n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.order_id), array_agg(d.product_id), array_agg(-d.amount) INTO o, p, a FROM was AS d;
  ELSE
    SELECT array_agg(v.order_id), array_agg(v.product_id), array_agg(v.amount) INTO o, p, a
      FROM changed AS n JOIN was AS d ON d.id = n.id
      CROSS JOIN LATERAL (VALUES (d.order_id, d.product_id, -d.amount), (n.order_id, n.product_id, n.amount))
        AS v(order_id, product_id, amount)
      WHERE (n.order_id, n.product_id, n.amount) IS DISTINCT FROM (d.order_id, d.product_id, d.amount);
  END IF;
  IF o IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM orders WHERE id = ANY(o) ORDER BY id FOR NO KEY UPDATE;
  SELECT array_agg(r.warehouse_id), array_agg(k.p), array_agg(k.a) INTO w, wp, wa
    FROM unnest(o, p, a) AS k(o, p, a) JOIN orders AS r ON r.id = k.o
    WHERE order_reserves(r.hidden, r.done, r.draft_touched_at, r.customer_id, r.warehouse_id);
  IF w IS NOT NULL THEN PERFORM stock_reservations_add(w, wp, wa); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "a_stock_reservations_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_reservations"();--> statement-breakpoint
CREATE TRIGGER "a_stock_reservations_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_reservations"();--> statement-breakpoint
CREATE TRIGGER "a_stock_reservations_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_reservations"();--> statement-breakpoint
-- TRUNCATE (tests, a restore) of either table leaves no reserving line.
CREATE FUNCTION "stock_reservations_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stock_reservations;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "a_stock_reservations_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "stock_reservations_truncate"();--> statement-breakpoint
CREATE TRIGGER "a_stock_reservations_truncate" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "stock_reservations_truncate"();--> statement-breakpoint
-- The reservations of the orders already there (the last statement: the test reruns it as the backfill).
INSERT INTO "stock_reservations" ("warehouse_id", "product_id", "amount")
SELECT o."warehouse_id", i."product_id", sum(i."amount")
FROM "orders" AS o JOIN "order_items" AS i ON i."order_id" = o."id"
WHERE order_reserves(o."hidden", o."done", o."draft_touched_at", o."customer_id", o."warehouse_id")
GROUP BY o."warehouse_id", i."product_id";
