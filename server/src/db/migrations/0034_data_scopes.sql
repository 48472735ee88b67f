-- Decision 0050, finer invalidation of the answer cache. Every write through the API drew one global
-- data version, so a change to this week's orders emptied last month's overviews, every delivery
-- note and every other week's calendar (in the mixed bench fewer than half the lookups hit). Now:
-- * orders_version: a second sequence, drawn after commit (as data_version) by the routes of
--   `orderWrites` in plugins/answer-cache.ts (they write only orders, their lines and tables no
--   cached answer reads); the answers that declare no narrower scope read both sequences.
-- * data_scopes: one version per delivery day, per warehouse and for all warehouses
--   ('day:<warehouse>:<date>', 'day:*:<date>'), raised by the triggers below in the transaction of
--   every change of an order, for its day before and after the change, whoever writes it. The
--   calendar week and the month's overviews read the sum of their days' versions (each only grows,
--   so the sum changes exactly when one of them does) with data_version.
-- A delivery note reads its order's and its lines' row versions (xmin: a change writes a new row)
-- with data_version.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE SEQUENCE "orders_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "data_scopes" (
  "scope" text PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL
);--> statement-breakpoint
-- Raised in scope order, so two transactions never wait on each other's rows crosswise within a
-- statement (as the day sums of migration 0030).
CREATE FUNCTION "data_scopes_raise"("scopes" text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO data_scopes AS d (scope, version)
  SELECT s, 1 FROM unnest(scopes) AS s WHERE s IS NOT NULL GROUP BY s ORDER BY s
  ON CONFLICT (scope) DO UPDATE SET version = d.version + 1
$$;--> statement-breakpoint
-- The day as the server writes it (YYYY-MM-DD whatever the session's DateStyle).
CREATE FUNCTION "order_day_scopes"(integer, date) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN $2 IS NULL THEN ARRAY[]::text[]
    ELSE ARRAY['day:*:' || to_char($2, 'YYYY-MM-DD'),
               'day:' || coalesce($1::text, '-') || ':' || to_char($2, 'YYYY-MM-DD')] END
$$;--> statement-breakpoint
CREATE FUNCTION "orders_data_scopes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM data_scopes_raise(ARRAY(
      SELECT unnest(order_day_scopes(n.warehouse_id, n.expected_delivery_date)) FROM changed AS n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM data_scopes_raise(ARRAY(
      SELECT unnest(order_day_scopes(w.warehouse_id, w.expected_delivery_date)) FROM was AS w));
  ELSE
    PERFORM data_scopes_raise(ARRAY(
      SELECT unnest(order_day_scopes(n.warehouse_id, n.expected_delivery_date)) FROM changed AS n
      UNION
      SELECT unnest(order_day_scopes(w.warehouse_id, w.expected_delivery_date)) FROM was AS w));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_data_scopes_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_scopes SET version = version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A change of lines raises their orders' days: not every line change updates its order (a line
-- marked prepared does not), and the calendar's full orders show their lines. The orders are
-- locked first (as 0030's order_lines_add does), so that an order being moved to another day by
-- another transaction is read as that one leaves it.
CREATE FUNCTION "order_items_data_scopes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM orders WHERE id IN (SELECT order_id FROM changed) ORDER BY id FOR NO KEY UPDATE;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM orders WHERE id IN (SELECT order_id FROM was) ORDER BY id FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM orders WHERE id IN (SELECT order_id FROM changed UNION SELECT order_id FROM was)
      ORDER BY id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM data_scopes_raise(ARRAY(
      SELECT unnest(order_day_scopes(o.warehouse_id, o.expected_delivery_date))
      FROM orders AS o WHERE o.id IN (SELECT order_id FROM changed)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM data_scopes_raise(ARRAY(
      SELECT unnest(order_day_scopes(o.warehouse_id, o.expected_delivery_date))
      FROM orders AS o WHERE o.id IN (SELECT order_id FROM was)));
  ELSE
    PERFORM data_scopes_raise(ARRAY(
      SELECT unnest(order_day_scopes(o.warehouse_id, o.expected_delivery_date))
      FROM orders AS o WHERE o.id IN (SELECT order_id FROM changed UNION SELECT order_id FROM was)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every day that has orders has its rows from the start, so that a TRUNCATE (which raises the rows
-- there are) reaches every answer cached before it.
SELECT data_scopes_raise(ARRAY(
  SELECT DISTINCT unnest(order_day_scopes(warehouse_id, expected_delivery_date)) FROM orders));--> statement-breakpoint
CREATE TRIGGER "orders_data_scopes_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_data_scopes"();--> statement-breakpoint
CREATE TRIGGER "orders_data_scopes_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_data_scopes"();--> statement-breakpoint
CREATE TRIGGER "orders_data_scopes_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "orders_data_scopes"();--> statement-breakpoint
CREATE TRIGGER "orders_data_scopes_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_data_scopes_truncate"();--> statement-breakpoint
CREATE TRIGGER "order_items_data_scopes_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_data_scopes"();--> statement-breakpoint
CREATE TRIGGER "order_items_data_scopes_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_data_scopes"();--> statement-breakpoint
CREATE TRIGGER "order_items_data_scopes_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_data_scopes"();--> statement-breakpoint
CREATE TRIGGER "order_items_data_scopes_truncate" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "orders_data_scopes_truncate"();
