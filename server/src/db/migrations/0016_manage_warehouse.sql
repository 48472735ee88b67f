-- Decision 0021: name, address, staff and cars of a warehouse need manage_warehouse; change_warehouse
-- keeps stock work. Nobody gains a right: only the owner and dispatcher functions that already hold
-- change_warehouse (the right that edited warehouses until now) get the new one.
-- A new database has no permissions yet: the seed adds them all, in the order of contracts.
INSERT INTO "permissions" ("codename")
  SELECT 'manage_warehouse' WHERE EXISTS (SELECT 1 FROM "permissions")
  ON CONFLICT ("codename") DO NOTHING;--> statement-breakpoint
INSERT INTO "function_permissions" ("function_id", "permission_id")
  SELECT f."id", mw."id"
    FROM "functions" AS f
    JOIN "function_permissions" AS fp ON fp."function_id" = f."id"
    JOIN "permissions" AS cw ON cw."id" = fp."permission_id" AND cw."codename" = 'change_warehouse'
    CROSS JOIN "permissions" AS mw
   WHERE mw."codename" = 'manage_warehouse' AND f."name" IN ('owner', 'dispatcher')
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Drivers and warehousemen see only their warehouses' orders: the newest of one warehouse first.
CREATE INDEX "orders_warehouse_id_idx" ON "orders" USING btree ("warehouse_id","id");
