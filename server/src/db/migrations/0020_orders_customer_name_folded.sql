-- Decision 0024, the order list's name filter at a million orders: comparing f_unaccent(customer_name)
-- costs a function call per candidate row (the wrapper is not inlined: its dictionary cast is only
-- stable), and a common surname's capped count rechecks 10 000 rows (three times the time). The
-- column exists only for this filter (migration 0014), so it now holds the name already folded —
-- lower case, no accents — and the search folds only its pattern: the recheck is a plain LIKE.
CREATE OR REPLACE FUNCTION "orders_customer_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.customer_id IS NULL THEN
    NEW.customer_name := NULL;
  ELSE
    SELECT lower(f_unaccent(c.first_name || ' ' || c.last_name || ' ' || c.organization_name)) INTO NEW.customer_name
      FROM customers AS c WHERE c.id = NEW.customer_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customers_name_to_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET customer_name = lower(f_unaccent(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.organization_name))
    WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP INDEX IF EXISTS "orders_customer_name_trgm_idx";--> statement-breakpoint
UPDATE "orders" SET "customer_name" = "customer_name" WHERE "customer_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);
