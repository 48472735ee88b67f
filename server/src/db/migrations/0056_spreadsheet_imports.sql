-- The office's spreadsheets (domain.md §2.14, decision 0090): each uploaded file (its bytes in the
-- file store until it is imported), the batch it became (the ids it added, for its undo), and the
-- columns last chosen per kind, by their header text.
CREATE TABLE "spreadsheet_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"format" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"headers" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped_invalid" integer DEFAULT 0 NOT NULL,
	"skipped_duplicates" integer DEFAULT 0 NOT NULL,
	"record_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "spreadsheet_imports_kind_check" CHECK ("kind" in ('customers', 'products')),
	CONSTRAINT "spreadsheet_imports_state_check" CHECK ("state" in ('uploaded', 'imported', 'undone'))
);--> statement-breakpoint
CREATE INDEX "spreadsheet_imports_state_idx" ON "spreadsheet_imports" USING btree ("state", "id");--> statement-breakpoint
CREATE TABLE "spreadsheet_mappings" (
	"kind" text PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_by" integer REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A likely duplicate by IČO (domain.md §2.14) is one index probe per row of the file.
CREATE INDEX "customers_organization_id_idx" ON "customers" USING btree ("organization_id") WHERE "organization_id" <> '';--> statement-breakpoint
-- The new right, the owner's by default. A new database has no permissions yet: the seed adds them
-- all, in the order of contracts (import_data last).
INSERT INTO "permissions" ("codename")
  SELECT 'import_data' WHERE EXISTS (SELECT 1 FROM "permissions")
  ON CONFLICT ("codename") DO NOTHING;--> statement-breakpoint
INSERT INTO "function_permissions" ("function_id", "permission_id")
  SELECT f."id", p."id" FROM "functions" AS f CROSS JOIN "permissions" AS p
   WHERE f."name" = 'owner' AND p."codename" = 'import_data'
  ON CONFLICT DO NOTHING;
