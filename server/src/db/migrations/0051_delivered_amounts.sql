-- domain.md §2.13, decision 0077: the money of a delivered order follows the amounts delivered.
-- Delivering rewrites the order's lines (order_items.amount) to the delivered amounts, so that the
-- stored total (0025), the day sums, the overviews, the documents and every screen count what was
-- delivered; the amount ordered is kept on the proof's line, shown beside. A line delivered not at
-- all keeps amount 0 (the steps still ask for more than 0).
ALTER TABLE "order_delivery_lines" ADD COLUMN "ordered_amount" numeric(12, 2);--> statement-breakpoint
UPDATE "order_delivery_lines" AS d SET "ordered_amount" = i."amount" FROM "order_items" AS i WHERE i."id" = d."order_item_id";--> statement-breakpoint
ALTER TABLE "order_delivery_lines" ALTER COLUMN "ordered_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_amount_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_amount_check" CHECK ("order_items"."amount" >= 0);--> statement-breakpoint
-- Orders delivered before: their lines take the delivered amounts now.
UPDATE "order_items" AS i SET "amount" = d."delivered_amount" FROM "order_delivery_lines" AS d
  WHERE d."order_item_id" = i."id" AND d."delivered_amount" <> i."amount";
