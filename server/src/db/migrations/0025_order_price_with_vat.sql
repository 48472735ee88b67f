-- Decision 0033, the order list sorted by total: each order keeps what the customer pays (GET
-- /order/{id}'s price_with_vat, contracts/src/rules/order-price.ts orderTotals) in
-- "price_with_vat", kept by triggers so that no writer (the steps, a copy, the seed, the bench
-- generator, a hand-written UPDATE) can leave it stale. The rule in SQL, exact in numeric:
-- each line's price × amount × discount rounded half away from zero to haléř (round() on numeric),
-- summed; plus, when the order has a currency and both delivery terms, rate × km × 2 rounded and
-- raised to the minimum; a draft without a currency has no delivery.
ALTER TABLE "orders" ADD COLUMN "price_with_vat" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "order_price_with_vat"(integer, text, numeric, numeric, numeric) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT sum(round(i.price * i.amount * i.discount, 2)) FROM order_items AS i WHERE i.order_id = $1), 0)
    + CASE WHEN $2 IS NOT NULL AND $3 IS NOT NULL AND $4 IS NOT NULL THEN greatest(round($3 * $5 * 2, 2), round($4, 2)) ELSE 0 END
$$;--> statement-breakpoint
UPDATE "orders" AS o SET "price_with_vat" = t."total" FROM (
  SELECT x."id", coalesce(l."lines", 0) + CASE WHEN x."currency" IS NOT NULL AND x."delivery_price_amount" IS NOT NULL AND x."minimum_delivery_price" IS NOT NULL
      THEN greatest(round(x."delivery_price_amount" * x."distance" * 2, 2), round(x."minimum_delivery_price", 2)) ELSE 0 END AS "total"
    FROM "orders" AS x
    LEFT JOIN (SELECT "order_id", sum(round("price" * "amount" * "discount", 2)) AS "lines" FROM "order_items" GROUP BY "order_id") AS l ON l."order_id" = x."id"
) AS t WHERE t."id" = o."id" AND t."total" <> 0;--> statement-breakpoint
CREATE FUNCTION "orders_price_with_vat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.price_with_vat := order_price_with_vat(NEW.id, NEW.currency, NEW.delivery_price_amount, NEW.minimum_delivery_price, NEW.distance);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_price_with_vat" BEFORE INSERT OR UPDATE OF "currency", "delivery_price_amount", "minimum_delivery_price", "distance", "price_with_vat" ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_price_with_vat"();--> statement-breakpoint
CREATE FUNCTION "order_items_price_with_vat"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Setting the column runs the orders trigger above, which computes the total from the lines now.
  IF TG_OP = 'INSERT' THEN
    UPDATE orders SET price_with_vat = 0 WHERE id IN (SELECT order_id FROM changed);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE orders SET price_with_vat = 0 WHERE id IN (SELECT order_id FROM was);
  ELSE
    UPDATE orders SET price_with_vat = 0 WHERE id IN (SELECT n.order_id FROM changed AS n JOIN was AS w ON w.id = n.id
      WHERE (n.order_id, n.price, n.amount, n.discount) IS DISTINCT FROM (w.order_id, w.price, w.amount, w.discount)
      UNION SELECT w.order_id FROM changed AS n JOIN was AS w ON w.id = n.id WHERE n.order_id <> w.order_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_items_price_with_vat_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_price_with_vat"();--> statement-breakpoint
CREATE TRIGGER "order_items_price_with_vat_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS "was" NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_price_with_vat"();--> statement-breakpoint
CREATE TRIGGER "order_items_price_with_vat_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS "was" FOR EACH STATEMENT EXECUTE FUNCTION "order_items_price_with_vat"();--> statement-breakpoint
-- The list sorted by total: drafts (no customer) are never in it, as for the customer sort.
CREATE INDEX "orders_total_sort_idx" ON "orders" USING btree ("price_with_vat", "id") WHERE "customer_id" IS NOT NULL;
