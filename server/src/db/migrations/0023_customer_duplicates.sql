-- Decision 0025: a new customer whose phone, e-mail or name + town matches an existing one is offered
-- "use the existing customer". One lookup per rule, each served by an expression index whose
-- expression the query repeats exactly (customers.queries.ts findLikelyDuplicates).
-- The phone key: digits only; a Czech number without its 420 / 00420 written into the number.
CREATE OR REPLACE FUNCTION f_phone_key(pre_phone text, phone text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE WHEN pre_phone = '+420'
    THEN regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^(00420|420)([0-9]{9})$', '\2')
    ELSE pre_phone || regexp_replace(phone, '[^0-9]', '', 'g') END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_phone_key_idx" ON "customers" USING btree (f_phone_key("pre_phone", "phone"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_email_key_idx" ON "customers" USING btree (lower("email")) WHERE "email" <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_name_town_key_idx" ON "customers" USING btree (lower(f_unaccent("first_name" || ' ' || "last_name")), lower(f_unaccent("town")));
