-- domain.md §1.10, decision 0065: a live stream's warehouses were checked again only at its heartbeat
-- (20 s), so a user taken off a warehouse could still be told that warehouse's order events for up
-- to 20 s. A change of the staff now tells every process on the auth channel too (migration 0039),
-- and the processes check their streams' holders at once.
CREATE TRIGGER "warehouse_staff_auth_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "warehouse_staff" FOR EACH STATEMENT EXECUTE FUNCTION "auth_notice"();
