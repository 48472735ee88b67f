CREATE SEQUENCE "public"."customers_intern_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"intern_id" bigint DEFAULT nextval('customers_intern_id_seq') NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"organization_id" text DEFAULT '' NOT NULL,
	"organization_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"pre_phone" text DEFAULT '+420' NOT NULL,
	"phone" text NOT NULL,
	"whole_phone" text GENERATED ALWAYS AS (pre_phone || phone) STORED NOT NULL,
	"full_address" text NOT NULL,
	"town" text NOT NULL,
	"zip_code" text NOT NULL,
	"country" text NOT NULL,
	"gps_lat" numeric(9, 6) NOT NULL,
	"gps_lon" numeric(9, 6) NOT NULL,
	"to_contact" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_intern_id_unique" UNIQUE("intern_id"),
	CONSTRAINT "customers_pre_phone_check" CHECK ("customers"."pre_phone" in ('+420', '+421', '+43'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"file_type" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_owner_type_check" CHECK ("files"."owner_type" in ('customer', 'order', 'transportation'))
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_full_name_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name" || ' ' || "organization_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_whole_phone_trgm_idx" ON "customers" USING gin ("whole_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_address_trgm_idx" ON "customers" USING gin ("full_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_order_idx" ON "customers" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_type","owner_id","id");