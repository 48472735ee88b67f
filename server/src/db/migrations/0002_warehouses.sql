CREATE TABLE "cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"name" text NOT NULL,
	"hex_color" text NOT NULL,
	"retired" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_staff" (
	"warehouse_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "warehouse_staff_warehouse_id_role_user_id_pk" PRIMARY KEY("warehouse_id","role","user_id"),
	CONSTRAINT "warehouse_staff_role_check" CHECK ("warehouse_staff"."role" in ('driver', 'warehouseman'))
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_address" text NOT NULL,
	"town" text NOT NULL,
	"zip_code" text NOT NULL,
	"country" text NOT NULL,
	"gps_lat" numeric(9, 6) NOT NULL,
	"gps_lon" numeric(9, 6) NOT NULL,
	"color" text NOT NULL,
	"text_color" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_staff" ADD CONSTRAINT "warehouse_staff_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_staff" ADD CONSTRAINT "warehouse_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cars_warehouse_idx" ON "cars" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "warehouse_staff_user_idx" ON "warehouse_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "warehouses_name_trgm_idx" ON "warehouses" USING gin ("name" gin_trgm_ops);