-- Decision 0024: every text search is accent- and case-insensitive ("novak" finds "Novák", "zizkov"
-- finds "Žižkov"). unaccent() itself is only STABLE (its dictionary could change), so an index
-- cannot use it; the usual immutable wrapper names the dictionary explicitly. Searches compare
-- f_unaccent(column) ILIKE f_unaccent('%term%'), and the trigram indexes are rebuilt on exactly
-- that expression so that they serve it (server/src/db/text-search.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin (f_unaccent("customer_name") gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "customers_full_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "customers_full_name_trgm_idx" ON "customers" USING gin (f_unaccent("first_name" || ' ' || "last_name" || ' ' || "organization_name") gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "customers_address_trgm_idx";--> statement-breakpoint
CREATE INDEX "customers_address_trgm_idx" ON "customers" USING gin (f_unaccent("full_address") gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "warehouses_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "warehouses_name_trgm_idx" ON "warehouses" USING gin (f_unaccent("name") gin_trgm_ops);
