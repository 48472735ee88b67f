-- Money in (domain.md §2.12, decisions 0075 and 0076): the suppliers' bank accounts whose statements
-- are read, each with its currency and, for Fio banka, a sealed read-only API token; every
-- transaction once by the bank's own id; and an order paid by a transfer names the account that
-- received it instead of a user.
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL REFERENCES "suppliers"("id"),
	"account" text NOT NULL,
	"bank_code" text NOT NULL,
	"currency" text NOT NULL,
	"fio_token_sealed" text,
	"fio_next_call_at" timestamp with time zone,
	"fio_last_id" bigint,
	"fio_marker_behind" boolean DEFAULT false NOT NULL,
	"fio_fetched_at" timestamp with time zone,
	"fio_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_currency_check" CHECK ("currency" in ('CZK', 'EUR')),
	CONSTRAINT "bank_accounts_bank_code_check" CHECK ("bank_code" ~ '^[0-9]{4}$'),
	CONSTRAINT "bank_accounts_account_check" CHECK ("account" ~ '^([1-9][0-9]{0,5}-)?[1-9][0-9]{1,9}$')
);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_number_uq" ON "bank_accounts" ("account", "bank_code");--> statement-breakpoint
CREATE INDEX "bank_accounts_fio_due_idx" ON "bank_accounts" ("fio_next_call_at") WHERE "fio_token_sealed" IS NOT NULL;--> statement-breakpoint
-- Each supplier's own account, in crowns, so that its statements are read from the first day.
INSERT INTO "bank_accounts" ("supplier_id", "account", "bank_code", "currency")
SELECT "id", "bank_account", "bank_code", 'CZK' FROM "suppliers"
WHERE "active" AND "bank_account" ~ '^([1-9][0-9]{0,5}-)?[1-9][0-9]{1,9}$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bank_account_id" integer NOT NULL REFERENCES "bank_accounts"("id"),
	"bank_ref" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"variable_symbol" bigint,
	"constant_symbol" text DEFAULT '' NOT NULL,
	"specific_symbol" text DEFAULT '' NOT NULL,
	"counter_account" text DEFAULT '' NOT NULL,
	"counter_name" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"order_ids" integer[] DEFAULT '{}' NOT NULL,
	"difference" numeric(14, 2),
	"note" text,
	"resolved_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "bank_transactions_source_check" CHECK ("source" in ('gpc', 'camt', 'fio')),
	CONSTRAINT "bank_transactions_currency_check" CHECK ("currency" in ('CZK', 'EUR')),
	CONSTRAINT "bank_transactions_state_check" CHECK ("state" in
		('paid', 'to_check', 'suggested', 'paid_twice', 'unmatched', 'ignored', 'outgoing'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_ref_uq" ON "bank_transactions" ("bank_account_id", "bank_ref");--> statement-breakpoint
CREATE INDEX "bank_transactions_open_idx" ON "bank_transactions" ("booked_on" DESC, "id" DESC)
	WHERE "state" in ('to_check', 'suggested', 'paid_twice', 'unmatched');--> statement-breakpoint
CREATE INDEX "bank_transactions_list_idx" ON "bank_transactions" ("booked_on" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "bank_transactions_counter_idx" ON "bank_transactions" ("counter_account") WHERE "state" = 'paid';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_revenue_bank" text;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_collected_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collected_check" CHECK (
	("collected_revenue_at" IS NULL) = ("collected_revenue_by" IS NULL AND "collected_revenue_bank" IS NULL)
	AND ("collected_revenue_by" IS NULL OR "collected_revenue_bank" IS NULL));--> statement-breakpoint
CREATE INDEX "orders_open_transfer_idx" ON "orders" ("customer_id", "intern_id")
	WHERE "payment_type" = 'qr_transfer' AND "collected_revenue_at" IS NULL AND NOT "hidden"
	AND "draft_touched_at" IS NULL;
