-- domain.md §2.11, decision 0074: a delivered order set back to not done (or cancelled) keeps its
-- proof of delivery for the record, marked void: when, by whom and by which step. A void proof is
-- no longer the order's proof: its amounts move no stock, its cash is on no driver's hands.
ALTER TABLE "order_deliveries" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_void_check" CHECK (("voided_at" is null) = ("void_reason" is null) and ("void_reason" is null or "void_reason" in ('undone', 'cancelled')));
