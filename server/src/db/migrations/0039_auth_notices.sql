-- Decision 0055: each server process keeps the sessions it read (plugins/session-cache.ts) and forgets
-- them all when told that something a session's check reads has changed: a session ended, a user
-- edited, deactivated or deleted, a function given or taken, a function's permissions changed.
-- These triggers tell it on the channel "letokruh_auth" in the transaction of the change (sent at
-- its commit), whoever writes it: any server process, a job, a hand-written statement. Touching a
-- session (last_seen_at) tells nothing: the process that touches it keeps the new time itself.
CREATE FUNCTION "auth_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('letokruh_auth', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_auth_notice" AFTER DELETE OR UPDATE OF "id", "user_id", "expires_at" ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_notice"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_notice_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_notice"();--> statement-breakpoint
CREATE TRIGGER "users_auth_notice" AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "auth_notice"();--> statement-breakpoint
CREATE TRIGGER "user_functions_auth_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_functions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_notice"();--> statement-breakpoint
CREATE TRIGGER "function_permissions_auth_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "function_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_notice"();--> statement-breakpoint
CREATE TRIGGER "functions_auth_notice" AFTER UPDATE OR DELETE OR TRUNCATE ON "functions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_notice"();--> statement-breakpoint
CREATE TRIGGER "permissions_auth_notice" AFTER UPDATE OR DELETE OR TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "auth_notice"();
