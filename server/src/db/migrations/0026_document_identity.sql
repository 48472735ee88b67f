-- Decision 0037: who sells and who buys, as Czech documents show them. A supplier gains its registered
-- address, IČO, DIČ, commercial-register line, contacts and whether it pays VAT; a customer that is
-- a company gains its DIČ beside the IČO it already had (organization_id). Existing rows get empty
-- values: the owner completes them on the suppliers screen (the demo seed fills its own).
-- VAT 12 % (Czech reduced rate since 2024-01-01) becomes storable; which rate is valid on which day
-- for which country is reference data in contracts/src/rules/vat.ts, checked by the server.
ALTER TABLE "suppliers" ADD COLUMN "full_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "town" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "zip_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "country" text DEFAULT 'CZ' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "ico" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "dic" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "register_entry" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "vat_payer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_ico_check" CHECK ("ico" ~ '^([0-9]{8})?$');--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_dic_check" CHECK ("dic" ~ '^(CZ[0-9]{8,10})?$');--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_vat_payer_dic_check" CHECK (NOT "vat_payer" OR "dic" <> '');--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "vat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_prices" DROP CONSTRAINT "product_prices_vat_check";--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_vat_check" CHECK ("vat" in (0, 10, 12, 13, 15, 20, 21));--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_vat_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_vat_check" CHECK ("vat" in (0, 10, 12, 13, 15, 20, 21));
