-- domain.md §2.12: each active supplier's own account is a crowns account of the bank's page until
-- the owner says otherwise. Kept by a trigger in the transaction that saves the supplier, so that
-- reading the accounts (a GET) writes nothing.
INSERT INTO "bank_accounts" ("supplier_id", "account", "bank_code", "currency")
SELECT "id", "bank_account", "bank_code", 'CZK' FROM "suppliers"
WHERE "active" AND "bank_account" ~ '^([1-9][0-9]{0,5}-)?[1-9][0-9]{1,9}$' AND "bank_code" ~ '^[0-9]{4}$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "bank_accounts_of_supplier"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."active" AND NEW."bank_account" ~ '^([1-9][0-9]{0,5}-)?[1-9][0-9]{1,9}$' AND NEW."bank_code" ~ '^[0-9]{4}$' THEN
    INSERT INTO "bank_accounts" ("supplier_id", "account", "bank_code", "currency")
    VALUES (NEW."id", NEW."bank_account", NEW."bank_code", 'CZK')
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "suppliers_bank_accounts" AFTER INSERT OR UPDATE OF "bank_account", "bank_code", "active" ON "suppliers"
FOR EACH ROW EXECUTE FUNCTION "bank_accounts_of_supplier"();
