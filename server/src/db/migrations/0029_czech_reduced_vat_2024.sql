-- Decision 0038: Czechia merged its reduced VAT rates 15 % and 10 % into 12 % on 2024-01-01 (zákon
-- č. 349/2023 Sb.). A CZK price at 15 % or 10 % that was still in force on that day gets a
-- successor from 2024-01-01 at 12 % with the same price with VAT (what the customer was quoted),
-- so that no price in force after 2023 carries a rate the law no longer has. The old row stays as
-- the history of the days it was lawful. A CZK price at 15 % or 10 % starting in 2024 or later was
-- never lawful: its rate becomes 12 %. Order lines keep their rates: they are what was sold.
INSERT INTO "product_prices" ("product_id", "warehouse_id", "currency", "price", "vat", "from_date", "created_by")
SELECT p."product_id", p."warehouse_id", p."currency", p."price", 12, DATE '2024-01-01', NULL
FROM "product_prices" p
WHERE p."currency" = 'CZK' AND p."vat" IN (10, 15) AND p."from_date" < DATE '2024-01-01'
  AND NOT EXISTS (
    SELECT 1 FROM "product_prices" n
    WHERE n."product_id" = p."product_id" AND n."warehouse_id" = p."warehouse_id" AND n."currency" = p."currency"
      AND n."from_date" <= DATE '2024-01-01'
      AND (n."from_date" > p."from_date" OR (n."from_date" = p."from_date" AND n."id" > p."id"))
  );--> statement-breakpoint
UPDATE "product_prices" SET "vat" = 12
WHERE "currency" = 'CZK' AND "vat" IN (10, 15) AND "from_date" >= DATE '2024-01-01';
