CREATE TABLE "conversion_items" (
	"conversion_id" integer NOT NULL,
	"side" text NOT NULL,
	"product_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "conversion_items_conversion_id_product_id_pk" PRIMARY KEY("conversion_id","product_id"),
	CONSTRAINT "conversion_items_side_check" CHECK ("conversion_items"."side" in ('input', 'output')),
	CONSTRAINT "conversion_items_amount_check" CHECK ("conversion_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"calculation_type" text NOT NULL,
	"coefficient" numeric(12, 4) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversions_type_check" CHECK ("conversions"."calculation_type" in ('knowInputOutput', 'knowInputKoeficient', 'knowOutputKoeficient'))
);
--> statement-breakpoint
ALTER TABLE "conversion_items" ADD CONSTRAINT "conversion_items_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_items" ADD CONSTRAINT "conversion_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversions_warehouse_idx" ON "conversions" USING btree ("warehouse_id","id");--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE no action ON UPDATE no action;