-- domain.md §1.10, a live board (decision 0065): every change of an order is told on the channel
-- "letokruh_orders" in the transaction of the change, so that it reaches the listening server
-- processes only when (and if) the change commits, whoever wrote it: a step's save, a drag on the
-- calendar, a transition, the draft sweep, a hand-written statement. Each process fans the events
-- out to its open event streams (server/src/modules/events/).
-- A payload is one order: {"id", "k" (kind), "v" (version), "w" [warehouse before, after],
-- "d" [delivery day before, after]}. Drafts are no orders (decision 0030): a draft's changes tell nothing;
-- a draft saved for the first time is told as "saved". A statement that changes more than 100
-- orders (a customer renamed on all their orders, a bulk load) tells one {"many": true, "w": [...]}
-- instead, so that it does not fill the notification queue; the listeners then reload everything.
CREATE FUNCTION "order_live_event"(w orders, n orders) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', coalesce(n.id, w.id),
    'k', CASE
      WHEN n.id IS NULL THEN 'deleted'
      WHEN w.id IS NULL OR w.draft_touched_at IS NOT NULL THEN 'saved'
      WHEN n.hidden AND NOT w.hidden THEN 'cancelled'
      WHEN w.hidden AND NOT n.hidden THEN 'restored'
      WHEN n.done AND NOT w.done THEN 'done'
      WHEN w.done AND NOT n.done THEN 'undone'
      WHEN n.expected_delivery_date IS DISTINCT FROM w.expected_delivery_date
        OR n.expected_delivery_time IS DISTINCT FROM w.expected_delivery_time THEN 'moved'
      ELSE 'saved' END,
    'v', coalesce(n.version, w.version),
    'w', json_build_array(w.warehouse_id, n.warehouse_id),
    'd', json_build_array(to_char(w.expected_delivery_date, 'YYYY-MM-DD'),
                          to_char(n.expected_delivery_date, 'YYYY-MM-DD')))::text
$$;--> statement-breakpoint
CREATE FUNCTION "orders_live_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  events text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    events := ARRAY(SELECT order_live_event(NULL, n) FROM changed AS n
      WHERE n.draft_touched_at IS NULL ORDER BY n.id);
  ELSIF TG_OP = 'DELETE' THEN
    events := ARRAY(SELECT order_live_event(w, NULL) FROM was AS w
      WHERE w.draft_touched_at IS NULL ORDER BY w.id);
  ELSE
    events := ARRAY(SELECT order_live_event(w, n) FROM changed AS n JOIN was AS w ON w.id = n.id
      WHERE n.draft_touched_at IS NULL ORDER BY n.id);
  END IF;
  IF cardinality(events) > 100 THEN
    PERFORM pg_notify('letokruh_orders', json_build_object('many', true, 'w', coalesce(
      (SELECT json_agg(DISTINCT x::int) FROM unnest(events) AS e,
        json_array_elements_text(e::json -> 'w') AS x WHERE x IS NOT NULL), '[]'::json))::text);
  ELSE
    PERFORM pg_notify('letokruh_orders', e) FROM unnest(events) AS e;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_live_notice_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('letokruh_orders', '{"many":true,"w":null}');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_live_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_live_notice"();--> statement-breakpoint
CREATE TRIGGER "orders_live_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "orders_live_notice"();--> statement-breakpoint
CREATE TRIGGER "orders_live_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "orders_live_notice"();--> statement-breakpoint
CREATE TRIGGER "orders_live_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_live_notice_truncate"();
