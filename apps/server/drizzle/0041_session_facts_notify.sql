-- The facts a cached session's proof compares (platform/tenancy.ts), announced when they change (issue 14): on
-- the embedded PGlite, whose one connection listens on `tracehub_session_facts`, a cached session whose facts
-- no notification has touched since it was resolved opens its transaction without re-proving them
-- (db/pglite-statements.ts); any change, made by the server or directly in the database, makes the next
-- transactions prove them again. The notice arrives with the COMMIT that made it, before anything else runs.
-- Only where `tracehub.session_facts_notify` is on (PGlite's start parameters): PostgreSQL's pool proves every
-- cached session in the transaction's opening statement instead, and notifies nobody.
CREATE FUNCTION "tracehub_session_facts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tracehub.session_facts_notify', true) = 'on' THEN
    PERFORM pg_notify('tracehub_session_facts', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A session revoked, moved to another account or enterprise, or its expiry brought forward (the sliding
-- expiry, written every minute of use, only moves it later).
CREATE TRIGGER "sessions_facts_updated" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR NEW."expires_at" < OLD."expires_at"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."enterprise_uuid" IS DISTINCT FROM NEW."enterprise_uuid")
  EXECUTE FUNCTION "tracehub_session_facts_changed"();
--> statement-breakpoint
-- A live session deleted (housekeeping's deletion of ended ones says nothing).
CREATE TRIGGER "sessions_facts_deleted" AFTER DELETE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS NULL AND OLD."expires_at" > now())
  EXECUTE FUNCTION "tracehub_session_facts_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_facts_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT
  EXECUTE FUNCTION "tracehub_session_facts_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_facts_changed" AFTER UPDATE OF "status", "must_change_password" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracehub_session_facts_changed"();
--> statement-breakpoint
-- A membership added too: the proof holds for exactly one approved link of the account and the enterprise.
CREATE TRIGGER "enterprise_users_facts_changed"
  AFTER INSERT OR UPDATE OF "enterprise_uuid", "user_id", "examine_status", "is_admin", "status" OR DELETE OR TRUNCATE
  ON "enterprise_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracehub_session_facts_changed"();
--> statement-breakpoint
-- Besides its status and unconfigured pages, an enterprise's kind, business attribute and VIN tables decide
-- which pages its members may use (permissions.ts withUsedTables).
CREATE TRIGGER "enterprises_facts_changed"
  AFTER UPDATE OF "uuid", "status", "unconfigured_codes", "role", "business_attribute", "vin_tables" OR DELETE OR TRUNCATE
  ON "enterprises" FOR EACH STATEMENT EXECUTE FUNCTION "tracehub_session_facts_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_facts_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracehub_session_facts_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_facts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracehub_session_facts_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_facts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracehub_session_facts_changed"();
