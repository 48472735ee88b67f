-- Decision 0040: phones in E.164. A customer's `phone` keeps the national digits only, so that the
-- generated `whole_phone` (pre_phone || phone) is E.164 ("+420603791074"); the rule is
-- normalizePhone of contracts/src/rules/phone-number.ts (separators dropped, a country code typed
-- into the number dropped, the Slovak/Austrian trunk 0 dropped). whole_phone and the f_phone_key
-- index of migration 0023 follow by themselves; f_phone_key gives the same key for the Czech
-- numbers it already normalised, and now matches "0903…" with "903…" under +421.
-- A value that is no number stays as it is (formatPhone shows it unchanged); the next edit asks for a valid one.
UPDATE "customers" SET "phone" = n."phone"
FROM (
  SELECT "id", CASE "pre_phone"
    WHEN '+420' THEN regexp_replace(d, '^(00420|420)([1-9][0-9]{8})$', '\2')
    WHEN '+421' THEN regexp_replace(regexp_replace(d, '^(00421|421)([1-9][0-9]{8})$', '\2'), '^0([1-9][0-9]{8})$', '\1')
    WHEN '+43' THEN regexp_replace(regexp_replace(d, '^0043([1-9])', '\1'), '^0([1-9])', '\1')
    ELSE d END AS "phone"
  FROM (SELECT "id", "pre_phone", regexp_replace("phone", '[^0-9]', '', 'g') AS d FROM "customers") AS digits
) AS n
WHERE n."id" = "customers"."id" AND n."phone" <> "customers"."phone" AND n."phone" <> '';--> statement-breakpoint
-- Users' phones (part 2 §3) have no prefix field: a Czech national number gets +420, "00…" becomes "+…".
UPDATE "users" SET "phone" = CASE
    WHEN d ~ '^\+[1-9][0-9]{7,14}$' THEN d
    WHEN d ~ '^00[1-9][0-9]{7,14}$' THEN '+' || substr(d, 3)
    WHEN d ~ '^420[1-9][0-9]{8}$' THEN '+' || d
    ELSE '+420' || d END
FROM (SELECT "id" AS uid, regexp_replace("phone", '[[:space:]/.()-]', '', 'g') AS d FROM "users") AS u
WHERE u.uid = "users"."id" AND "phone" <> ''
  AND (d ~ '^\+[1-9][0-9]{7,14}$' OR d ~ '^00[1-9][0-9]{7,14}$' OR d ~ '^(420)?[1-9][0-9]{8}$')
  AND "phone" <> CASE
    WHEN d ~ '^\+[1-9][0-9]{7,14}$' THEN d
    WHEN d ~ '^00[1-9][0-9]{7,14}$' THEN '+' || substr(d, 3)
    WHEN d ~ '^420[1-9][0-9]{8}$' THEN '+' || d
    ELSE '+420' || d END;
