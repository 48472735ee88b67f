ALTER TABLE "orders" ADD COLUMN "customer_name" text;--> statement-breakpoint
UPDATE "orders" AS o SET "customer_name" = c."first_name" || ' ' || c."last_name" || ' ' || c."organization_name" FROM "customers" AS c WHERE c."id" = o."customer_id";--> statement-breakpoint
CREATE FUNCTION "orders_customer_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.customer_id IS NULL THEN
    NEW.customer_name := NULL;
  ELSE
    SELECT c.first_name || ' ' || c.last_name || ' ' || c.organization_name INTO NEW.customer_name
      FROM customers AS c WHERE c.id = NEW.customer_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_customer_name" BEFORE INSERT OR UPDATE OF "customer_id", "customer_name" ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_customer_name"();--> statement-breakpoint
CREATE FUNCTION "customers_name_to_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET customer_name = NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.organization_name
    WHERE customer_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_name_to_orders" AFTER UPDATE OF "first_name", "last_name", "organization_name" ON "customers" FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."organization_name" IS DISTINCT FROM NEW."organization_name") EXECUTE FUNCTION "customers_name_to_orders"();--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);
