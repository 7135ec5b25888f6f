CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enterprise_uuid" text NOT NULL,
	"table_name" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"user_id" integer,
	"ip" text,
	"on_behalf_of" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_scope_idx" ON "audit_log" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("enterprise_uuid","table_name","record_id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("enterprise_uuid","user_id","created_at");--> statement-breakpoint
-- The audit trail (issue 13 part 4): the database writes one audit_log row per changed business row, in the
-- transaction of the change, whichever module wrote it. Who and from where come from the tenant transaction's
-- settings (platform/tenancy.ts withTenant: app.user_id, app.client_ip, app.on_behalf_of); a write outside one
-- (operator end, sign-in, system jobs) is recorded with no user, under the row's own enterprise.
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_read ON audit_log FOR SELECT TO tracehub_app USING (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON audit_log TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- Tenants read their trail and never write it: only the trigger function (security definer) does.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_log FROM tracehub_app;
--> statement-breakpoint
-- A row's key as text: its key columns' values joined with '/'.
CREATE FUNCTION tracehub_audit_key(r jsonb, keys text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(r ->> k, '/' ORDER BY o) FROM unnest(keys) WITH ORDINALITY AS u(k, o)
$$;
--> statement-breakpoint
-- A row without its secret columns (password hashes, key material, session tokens, salts): never copied.
CREATE FUNCTION tracehub_audit_clean(r jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(r)
  WHERE key !~ '(password|secret|token|ciphertext|private_key|key_material|hmac|salt)'
$$;
--> statement-breakpoint
-- Statement-level with transition tables: a bulk import of thousands of rows costs one call per statement.
-- TG_ARGV[0] is the column naming the row's enterprise ('' for none: the tenant's), the rest its key columns.
-- Updates record only the changed fields, and none when only bookkeeping columns changed (updated_at and
-- the like, sign-in and last-use times, download counters: they change on every read, not by an edit).
CREATE FUNCTION tracehub_audit() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  ent text := TG_ARGV[0];
  keys text[] := TG_ARGV[1:];
  uid integer := nullif(current_setting('app.user_id', true), '')::integer;
  addr text := nullif(current_setting('app.client_ip', true), '');
  behalf text := nullif(current_setting('app.on_behalf_of', true), '');
  tenant text := nullif(current_setting('app.enterprise_uuid', true), '');
  noise text[] := ARRAY['updated_at', 'gmt_modified', 'last_login_at', 'last_seen_at', 'last_used_at',
    'download_count'];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log (enterprise_uuid, table_name, record_id, action, after, user_id, ip, on_behalf_of)
    SELECT coalesce(s.r ->> ent, tenant), TG_TABLE_NAME, tracehub_audit_key(s.r, keys), 'insert',
      tracehub_audit_clean(s.r), uid, addr, behalf
    FROM (SELECT to_jsonb(n) AS r FROM new_rows n) s
    WHERE coalesce(s.r ->> ent, tenant) IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log (enterprise_uuid, table_name, record_id, action, before, user_id, ip, on_behalf_of)
    SELECT coalesce(s.r ->> ent, tenant), TG_TABLE_NAME, tracehub_audit_key(s.r, keys), 'delete',
      tracehub_audit_clean(s.r), uid, addr, behalf
    FROM (SELECT to_jsonb(o) AS r FROM old_rows o) s
    WHERE coalesce(s.r ->> ent, tenant) IS NOT NULL;
  ELSE
    INSERT INTO audit_log (enterprise_uuid, table_name, record_id, action, before, after, user_id, ip, on_behalf_of)
    SELECT coalesce(n.r ->> ent, tenant), TG_TABLE_NAME, n.k, 'update', d.b, d.a, uid, addr, behalf
    FROM (SELECT to_jsonb(o) AS r FROM old_rows o) o0
    CROSS JOIN LATERAL (SELECT o0.r, tracehub_audit_key(o0.r, keys) AS k) o
    JOIN (SELECT x.r, tracehub_audit_key(x.r, keys) AS k FROM (SELECT to_jsonb(nr) AS r FROM new_rows nr) x) n
      ON n.k = o.k
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(f.key, f.value) AS b, jsonb_object_agg(f.key, n.r -> f.key) AS a
      FROM jsonb_each(tracehub_audit_clean(o.r)) f
      WHERE f.value IS DISTINCT FROM n.r -> f.key AND f.key <> ALL (noise)
    ) d
    WHERE d.b IS NOT NULL AND coalesce(n.r ->> ent, tenant) IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_audit() TO tracehub_app;
--> statement-breakpoint
-- Audited tables: every business table with an enterprise_uuid column, enterprises itself and role_permissions
-- (a role's menu codes). Not audited (apps/server/test/audit-log.test.ts holds the same list):
--   audit_log             the trail itself
--   account_log           the sign-in log, itself a log
--   sessions              session tokens; written on every sign-in and request
--   jobs                  the background job queue; status and progress change on every step
--   ledger_events         append-only, hash-chained evidence: already its own trail, never updated
--   import_records        import progress counters, updated per chunk; the imported rows are audited
--   import_row_errors     an import's per-row error report, technical
--   file_transfer_errors  itself a log of failed file transfers
-- Attaches the audit triggers to a table: `ent` names its enterprise column ('' for none: the tenant's), `keys`
-- its key columns. Later migrations call it for each business table they add (audit-log.test.ts checks).
CREATE FUNCTION tracehub_audit_attach(tbl text, ent text, keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  args text := (SELECT string_agg(quote_literal(a), ', ') FROM unnest(ent || keys) AS a);
BEGIN
  EXECUTE format('CREATE TRIGGER audit_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION tracehub_audit(%s)', tbl, args);
  EXECUTE format('CREATE TRIGGER audit_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows '
    'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tracehub_audit(%s)', tbl, args);
  EXECUTE format('CREATE TRIGGER audit_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION tracehub_audit(%s)', tbl, args);
END
$$;
--> statement-breakpoint
SELECT tracehub_audit_attach(tbl, ent, keys) FROM (VALUES
  ('certificates', 'enterprise_uuid', ARRAY['id']),
  ('certifications', 'enterprise_uuid', ARRAY['id']),
  ('documents', 'enterprise_uuid', ARRAY['id']),
  ('enterprise_rules', 'enterprise_uuid', ARRAY['kind', 'rule_id']),
  ('enterprise_users', 'enterprise_uuid', ARRAY['id']),
  ('enterprises', 'uuid', ARRAY['uuid']),
  ('files', 'enterprise_uuid', ARRAY['id']),
  ('material_relations', 'enterprise_uuid', ARRAY['id']),
  ('materials', 'enterprise_uuid', ARRAY['id']),
  ('partners', 'enterprise_uuid', ARRAY['id']),
  ('product_carbon', 'enterprise_uuid', ARRAY['id']),
  ('product_materials', 'enterprise_uuid', ARRAY['product_id', 'material_id']),
  ('products', 'enterprise_uuid', ARRAY['id']),
  ('project_codes', 'enterprise_uuid', ARRAY['id']),
  ('role_permissions', '', ARRAY['role_id', 'code']),
  ('roles', 'enterprise_uuid', ARRAY['id']),
  ('user_roles', 'enterprise_uuid', ARRAY['user_id', 'role_id'])
) AS v(tbl, ent, keys);
