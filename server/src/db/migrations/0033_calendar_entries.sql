-- Decision 0049, the calendar week without the answer cache: the busiest bench week cost
-- PostgreSQL's CPU, a third of it looking up each order's customer by primary
-- key and the rest writing each order's JSON. calendar_entries keeps, for every order the calendars
-- can show (a delivery day, not cancelled, not a draft), that order's JSON as the lean week
-- (contracts/order-calendar.ts, `CalendarWeekOrder`) writes it, kept by triggers in the transaction
-- of every change of the order or of its customer's name and town, whoever writes it (the steps,
-- done/paid/cancel, a drag on the calendar, the draft sweeper, the seed, a hand-written UPDATE).
-- The week's answer is then one index range of these rows, concatenated.
CREATE TABLE "calendar_entries" (
  "order_id" integer PRIMARY KEY NOT NULL,
  "day" date NOT NULL,
  "warehouse_id" integer,
  "time" time,
  "driver_id" integer,
  "car_id" integer,
  "customer_id" integer,
  "head" text NOT NULL,
  "tail" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "calendar_entries_warehouse_day_idx" ON "calendar_entries" ("warehouse_id", "day");--> statement-breakpoint
CREATE INDEX "calendar_entries_day_idx" ON "calendar_entries" ("day");--> statement-breakpoint
-- The block's name, as `calendarName` in order-view.ts writes it: the organisation or the person,
-- then the town; '' without a customer.
CREATE FUNCTION "calendar_name"("c" "customers") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(concat_ws(', ',
    nullif(coalesce(nullif(c.organization_name, ''), btrim(c.first_name || ' ' || c.last_name)), ''),
    nullif(c.town, '')), '')
$$;--> statement-breakpoint
-- One order of the lean week, before and after its `"calendar_name":…` (a concatenation of its
-- columns: json_build_object took more CPU per row, as it looks up every value's type).
CREATE FUNCTION "calendar_entry_head"("o" "orders") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat('{"id":', o.id, ',"intern_id":', o.intern_id, ',"version":', o.version,
    ',"expected_delivery_time":', coalesce('"' || to_char(o.expected_delivery_time, 'HH24:MI') || '"', 'null'),
    ',"expected_delivery_duration":', o.expected_delivery_duration, ',"duration":', o.duration,
    ',"calendar_name":')
$$;--> statement-breakpoint
CREATE FUNCTION "calendar_entry_tail"("o" "orders") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat(',"warehouse_id":', coalesce(o.warehouse_id::text, 'null'),
    ',"driver_id":', coalesce(o.driver_id::text, 'null'),
    ',"car_id":', coalesce(o.car_id::text, 'null'),
    ',"done":', o.done::text, ',"prepared":', o.prepared::text,
    ',"paid":', (o.collected_revenue_at IS NOT NULL)::text, '}')
$$;--> statement-breakpoint
INSERT INTO "calendar_entries" (order_id, day, warehouse_id, time, driver_id, car_id, customer_id, head, tail)
SELECT o.id, o.expected_delivery_date, o.warehouse_id, o.expected_delivery_time, o.driver_id, o.car_id,
       o.customer_id, calendar_entry_head(o), calendar_entry_tail(o)
FROM orders AS o
WHERE o.expected_delivery_date IS NOT NULL AND NOT o.hidden AND o.draft_touched_at IS NULL;--> statement-breakpoint
-- Orders inserted or updated: the ones the calendars show are written again, the others go.
CREATE FUNCTION "calendar_entries_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM calendar_entries AS e USING changed AS o
  WHERE e.order_id = o.id AND (o.expected_delivery_date IS NULL OR o.hidden OR o.draft_touched_at IS NOT NULL);
  INSERT INTO calendar_entries AS e (order_id, day, warehouse_id, time, driver_id, car_id, customer_id, head, tail)
  SELECT o.id, o.expected_delivery_date, o.warehouse_id, o.expected_delivery_time, o.driver_id, o.car_id,
         o.customer_id, calendar_entry_head(o), calendar_entry_tail(o)
  FROM changed AS o
  WHERE o.expected_delivery_date IS NOT NULL AND NOT o.hidden AND o.draft_touched_at IS NULL
  ORDER BY o.id
  ON CONFLICT (order_id) DO UPDATE SET day = excluded.day, warehouse_id = excluded.warehouse_id,
    time = excluded.time, driver_id = excluded.driver_id, car_id = excluded.car_id,
    customer_id = excluded.customer_id, head = excluded.head, tail = excluded.tail;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "calendar_entries_orders_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM calendar_entries AS e USING was AS o WHERE e.order_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "calendar_entries_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE calendar_entries;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "calendar_entries_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "calendar_entries_orders"();--> statement-breakpoint
CREATE TRIGGER "calendar_entries_update" AFTER UPDATE ON "orders" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "calendar_entries_orders"();--> statement-breakpoint
CREATE TRIGGER "calendar_entries_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "calendar_entries_orders_gone"();--> statement-breakpoint
CREATE TRIGGER "calendar_entries_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "calendar_entries_truncate"();
