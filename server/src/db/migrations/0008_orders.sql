CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"prepared" boolean DEFAULT false NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"vat" smallint NOT NULL,
	"discount" numeric(5, 4) DEFAULT 1 NOT NULL,
	CONSTRAINT "order_items_amount_check" CHECK ("order_items"."amount" > 0),
	CONSTRAINT "order_items_price_check" CHECK ("order_items"."price" >= 0),
	CONSTRAINT "order_items_currency_check" CHECK ("order_items"."currency" in ('CZK', 'EUR')),
	CONSTRAINT "order_items_vat_check" CHECK ("order_items"."vat" in (0, 10, 13, 15, 20, 21)),
	CONSTRAINT "order_items_discount_check" CHECK ("order_items"."discount" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_number_counters_last_check" CHECK ("order_number_counters"."last" between 1 and 999999)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"intern_id" bigint NOT NULL,
	"customer_id" integer,
	"warehouse_id" integer,
	"currency" text,
	"driver_id" integer,
	"car_id" integer,
	"supplier_id" integer,
	"adtype_id" integer,
	"payment_type" text DEFAULT 'cash' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"prepared" boolean DEFAULT false NOT NULL,
	"collected_revenue_by" integer,
	"collected_revenue_at" timestamp with time zone,
	"expected_delivery_date" date,
	"expected_delivery_time" time,
	"expected_delivery_duration" integer DEFAULT 60 NOT NULL,
	"distance" numeric(8, 2) DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"delivery_price_amount" numeric(12, 2),
	"minimum_delivery_price" numeric(12, 2),
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_intern_id_check" CHECK ("orders"."intern_id" between 1000000000 and 9999999999),
	CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" is null or "orders"."currency" in ('CZK', 'EUR')),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" in ('cash', 'qr_transfer')),
	CONSTRAINT "orders_duration_check" CHECK ("orders"."expected_delivery_duration" >= 0 and "orders"."duration" >= 0),
	CONSTRAINT "orders_distance_check" CHECK ("orders"."distance" >= 0),
	CONSTRAINT "orders_delivery_price_check" CHECK ("orders"."delivery_price_amount" >= 0 and "orders"."minimum_delivery_price" >= 0),
	CONSTRAINT "orders_hidden_not_done_check" CHECK (not ("orders"."hidden" and "orders"."done")),
	CONSTRAINT "orders_collected_check" CHECK (("orders"."collected_revenue_at" is null) = ("orders"."collected_revenue_by" is null))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_adtype_id_adtypes_id_fk" FOREIGN KEY ("adtype_id") REFERENCES "public"."adtypes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collected_revenue_by_users_id_fk" FOREIGN KEY ("collected_revenue_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_order_product_uq" ON "order_items" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_intern_id_uq" ON "orders" USING btree ("intern_id");--> statement-breakpoint
CREATE INDEX "orders_intern_id_trgm_idx" ON "orders" USING gin (("intern_id"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_warehouse_date_idx" ON "orders" USING btree ("warehouse_id","expected_delivery_date");--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("expected_delivery_date");--> statement-breakpoint
CREATE INDEX "orders_driver_date_idx" ON "orders" USING btree ("driver_id","expected_delivery_date") WHERE "orders"."driver_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_car_date_idx" ON "orders" USING btree ("car_id","expected_delivery_date") WHERE "orders"."car_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_adtype_idx" ON "orders" USING btree ("adtype_id") WHERE "orders"."adtype_id" is not null;