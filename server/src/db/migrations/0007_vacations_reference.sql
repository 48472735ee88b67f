CREATE TABLE "adtypes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bank_account" text NOT NULL,
	"bank_code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_bank_code_check" CHECK ("suppliers"."bank_code" ~ '^[0-9]{4}$'),
	CONSTRAINT "suppliers_bank_account_check" CHECK ("suppliers"."bank_account" ~ '^([0-9]{1,6}-)?[0-9]{2,10}$')
);
--> statement-breakpoint
CREATE TABLE "user_vacations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vacation_from" date NOT NULL,
	"vacation_to" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_by" integer,
	"deactivated_at" timestamp with time zone,
	CONSTRAINT "user_vacations_period_check" CHECK ("user_vacations"."vacation_from" <= "user_vacations"."vacation_to")
);
--> statement-breakpoint
CREATE TABLE "warehouse_vacations" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"starts_at" timestamp NOT NULL,
	"ends_at" timestamp NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_by" integer,
	"deactivated_at" timestamp with time zone,
	CONSTRAINT "warehouse_vacations_period_check" CHECK ("warehouse_vacations"."starts_at" < "warehouse_vacations"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "user_vacations" ADD CONSTRAINT "user_vacations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vacations" ADD CONSTRAINT "user_vacations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_vacations" ADD CONSTRAINT "user_vacations_deactivated_by_users_id_fk" FOREIGN KEY ("deactivated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_vacations" ADD CONSTRAINT "warehouse_vacations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_vacations" ADD CONSTRAINT "warehouse_vacations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_vacations" ADD CONSTRAINT "warehouse_vacations_deactivated_by_users_id_fk" FOREIGN KEY ("deactivated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adtypes_active_name_uq" ON "adtypes" USING btree (lower("name")) WHERE "adtypes"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_active_name_uq" ON "suppliers" USING btree (lower("name")) WHERE "suppliers"."active";--> statement-breakpoint
CREATE INDEX "user_vacations_user_idx" ON "user_vacations" USING btree ("user_id","vacation_to");--> statement-breakpoint
CREATE INDEX "user_vacations_to_idx" ON "user_vacations" USING btree ("vacation_to");--> statement-breakpoint
CREATE INDEX "warehouse_vacations_warehouse_idx" ON "warehouse_vacations" USING btree ("warehouse_id","ends_at");--> statement-breakpoint
CREATE INDEX "warehouse_vacations_ends_idx" ON "warehouse_vacations" USING btree ("ends_at");