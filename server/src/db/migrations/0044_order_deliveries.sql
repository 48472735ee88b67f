-- domain.md §2.11, decision 0067: the proof of delivery a driver records at the door. One row per
-- order (the order's id is its key); the lines keep the delivered amount of each order line, so a
-- partial delivery moves only what was delivered. The signature and the photos are files of the
-- owner type 'delivery' (owner_id: the order's id), kept in the file store like any other file.
CREATE TABLE "order_deliveries" (
  "order_id" integer PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "driver_id" integer REFERENCES "users"("id") ON DELETE set null,
  "on_the_way_at" timestamp with time zone,
  "delivered_at" timestamp with time zone,
  "received_at" timestamp with time zone,
  "receiver_name" text DEFAULT '' NOT NULL,
  "gps_lat" double precision,
  "gps_lon" double precision,
  "gps_accuracy" double precision,
  "cash_received" numeric(12, 2),
  "note" text DEFAULT '' NOT NULL,
  CONSTRAINT "order_deliveries_cash_check" CHECK ("cash_received" is null or "cash_received" >= 0),
  CONSTRAINT "order_deliveries_position_check" CHECK (("gps_lat" is null) = ("gps_lon" is null)),
  CONSTRAINT "order_deliveries_received_check" CHECK (("delivered_at" is null) = ("received_at" is null))
);--> statement-breakpoint
CREATE INDEX "order_deliveries_cash_idx" ON "order_deliveries" USING btree ("driver_id") WHERE "cash_received" is not null;--> statement-breakpoint
CREATE TABLE "order_delivery_lines" (
  "order_id" integer NOT NULL REFERENCES "order_deliveries"("order_id") ON DELETE cascade,
  "order_item_id" integer NOT NULL REFERENCES "order_items"("id") ON DELETE cascade,
  "delivered_amount" numeric(12, 2) NOT NULL,
  "reason" text DEFAULT '' NOT NULL,
  CONSTRAINT "order_delivery_lines_pk" PRIMARY KEY ("order_id", "order_item_id"),
  CONSTRAINT "order_delivery_lines_amount_check" CHECK ("delivered_amount" >= 0)
);--> statement-breakpoint
CREATE INDEX "order_delivery_lines_item_idx" ON "order_delivery_lines" USING btree ("order_item_id");--> statement-breakpoint
-- The idempotency keys of the drivers' actions: a queued action sent twice is recorded once.
CREATE TABLE "driver_action_keys" (
  "key" uuid PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
  "action" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "driver_action_keys_action_check" CHECK ("action" in ('on_the_way', 'delivered'))
);--> statement-breakpoint
CREATE INDEX "driver_action_keys_order_idx" ON "driver_action_keys" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_owner_type_check";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_type_check" CHECK ("owner_type" in ('customer', 'order', 'transportation', 'delivery'));
