CREATE TABLE "product_stock" (
	"warehouse_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_warehouse_id_product_id_pk" PRIMARY KEY("warehouse_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"delta" numeric(12, 2) NOT NULL,
	"amount_after" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"conversion_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_reason_check" CHECK ("stock_ledger"."reason" in ('manual', 'order_done', 'order_undone', 'conversion')),
	CONSTRAINT "stock_ledger_delta_check" CHECK ("stock_ledger"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_stock_fk" FOREIGN KEY ("warehouse_id","product_id") REFERENCES "public"."product_stock"("warehouse_id","product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_product_idx" ON "product_stock" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "stock_ledger_warehouse_idx" ON "stock_ledger" USING btree ("warehouse_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_stock_idx" ON "stock_ledger" USING btree ("warehouse_id","product_id","id");