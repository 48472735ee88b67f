CREATE TABLE "licence_plates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_plates_name_check" CHECK ("licence_plates"."name" <> '')
);
--> statement-breakpoint
CREATE TABLE "transport_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transport_recipients_name_check" CHECK ("transport_recipients"."name" <> '')
);
--> statement-breakpoint
CREATE TABLE "transport_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transport_subscribers_name_check" CHECK ("transport_subscribers"."name" <> '')
);
--> statement-breakpoint
CREATE TABLE "transportation_cmrs" (
	"id" serial PRIMARY KEY NOT NULL,
	"transportation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"number" text NOT NULL,
	"amount" numeric(12, 2),
	CONSTRAINT "transportation_cmrs_amount_check" CHECK ("transportation_cmrs"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transportation_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"transportation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "transportation_places_kind_check" CHECK ("transportation_places"."kind" in ('loading', 'unloading'))
);
--> statement-breakpoint
CREATE TABLE "transportations" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"load_type" text NOT NULL,
	"load_choice" text,
	"load_choice_text" text,
	"driver_id" integer,
	"recipient_id" integer,
	"subscriber_id" integer NOT NULL,
	"wood_type_id" integer,
	"licence_plate_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transportations_load_type_check" CHECK ("transportations"."load_type" in ('Standardní', 'bezrukaceTransport')),
	CONSTRAINT "transportations_load_choice_check" CHECK (("transportations"."load_type" = 'Standardní' and "transportations"."load_choice" is null) or ("transportations"."load_type" = 'bezrukaceTransport' and "transportations"."load_choice" in ('LesProfi', 'Polácinaši', 'LogrealPešek', 'other'))),
	CONSTRAINT "transportations_load_choice_text_check" CHECK (("transportations"."load_choice" = 'other') = ("transportations"."load_choice_text" is not null))
);
--> statement-breakpoint
CREATE TABLE "wood_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wood_types_name_check" CHECK ("wood_types"."name" <> '')
);
--> statement-breakpoint
ALTER TABLE "transportation_cmrs" ADD CONSTRAINT "transportation_cmrs_transportation_id_transportations_id_fk" FOREIGN KEY ("transportation_id") REFERENCES "public"."transportations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportation_places" ADD CONSTRAINT "transportation_places_transportation_id_transportations_id_fk" FOREIGN KEY ("transportation_id") REFERENCES "public"."transportations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_recipient_id_transport_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."transport_recipients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_subscriber_id_transport_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."transport_subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_wood_type_id_wood_types_id_fk" FOREIGN KEY ("wood_type_id") REFERENCES "public"."wood_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_licence_plate_id_licence_plates_id_fk" FOREIGN KEY ("licence_plate_id") REFERENCES "public"."licence_plates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_plates_name_key_uq" ON "licence_plates" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_recipients_name_key_uq" ON "transport_recipients" USING btree ("name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_subscribers_name_key_uq" ON "transport_subscribers" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "transportation_cmrs_transportation_idx" ON "transportation_cmrs" USING btree ("transportation_id","position");--> statement-breakpoint
CREATE INDEX "transportation_places_transportation_idx" ON "transportation_places" USING btree ("transportation_id","kind","position");--> statement-breakpoint
CREATE INDEX "transportations_day_idx" ON "transportations" USING btree ("day","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wood_types_name_key_uq" ON "wood_types" USING btree ("name_key");