CREATE TABLE "product_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"vat" smallint NOT NULL,
	"from_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_currency_check" CHECK ("product_prices"."currency" in ('CZK', 'EUR')),
	CONSTRAINT "product_prices_vat_check" CHECK ("product_prices"."vat" in (0, 10, 13, 15, 20, 21)),
	CONSTRAINT "product_prices_price_check" CHECK ("product_prices"."price" between 0 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"shorten_name" text NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"length" integer NOT NULL,
	"measurement_unit" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('Měkké', 'Tvrdé', 'Doplňkový prodej')),
	CONSTRAINT "products_subtype_check" CHECK ("products"."subtype" is null or "products"."subtype" in ('soft', 'hard')),
	CONSTRAINT "products_unit_check" CHECK ("products"."measurement_unit" in ('PRMS', 'PRMR')),
	CONSTRAINT "products_length_check" CHECK ("products"."length" between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_lookup_idx" ON "product_prices" USING btree ("product_id","warehouse_id","currency","from_date","id");--> statement-breakpoint
CREATE INDEX "product_prices_warehouse_idx" ON "product_prices" USING btree ("warehouse_id","currency");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);