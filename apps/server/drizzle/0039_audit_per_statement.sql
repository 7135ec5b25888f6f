-- The audit trigger (0017) at a fraction of its cost per row (issue 14, imports): importing 100 products
-- cost 195 µs a row on PGlite, 96 of them in the trigger, most in tracehub_audit_clean (jsonb_each, a regular
-- expression per field and jsonb_object_agg for every row) and tracehub_audit_key (unnest and string_agg).
-- Now the table's secret columns are found once per statement (the same pattern on its column names, the only
-- keys to_jsonb gives) and removed with jsonb's `-`; a key of one or two columns is read directly. What is
-- recorded does not change (apps/server/test/audit-log.test.ts).
CREATE OR REPLACE FUNCTION tracehub_audit_key(r jsonb, keys text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE cardinality(keys)
    WHEN 1 THEN r ->> keys[1]
    WHEN 2 THEN concat_ws('/', r ->> keys[1], r ->> keys[2])
    ELSE (SELECT string_agg(r ->> k, '/' ORDER BY o) FROM unnest(keys) WITH ORDINALITY AS u(k, o))
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tracehub_audit() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_catalog AS $$
DECLARE
  ent text := TG_ARGV[0];
  keys text[] := TG_ARGV[1:];
  uid integer := nullif(current_setting('app.user_id', true), '')::integer;
  addr text := nullif(current_setting('app.client_ip', true), '');
  behalf text := nullif(current_setting('app.on_behalf_of', true), '');
  tenant text := nullif(current_setting('app.enterprise_uuid', true), '');
  noise text[] := ARRAY['updated_at', 'gmt_modified', 'last_login_at', 'last_seen_at', 'last_used_at',
    'download_count'];
  -- Password hashes, key material, session tokens, salts: never copied (tracehub_audit_clean's pattern).
  secrets text[] := ARRAY(
    SELECT a.attname::text FROM pg_attribute a
    WHERE a.attrelid = TG_RELID AND a.attnum > 0 AND NOT a.attisdropped
      AND a.attname ~ '(password|secret|token|ciphertext|private_key|key_material|hmac|salt)');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log (enterprise_uuid, table_name, record_id, action, after, user_id, ip, on_behalf_of)
    SELECT coalesce(s.r ->> ent, tenant), TG_TABLE_NAME, tracehub_audit_key(s.r, keys), 'insert',
      s.r - secrets, uid, addr, behalf
    FROM (SELECT to_jsonb(n) AS r FROM new_rows n) s
    WHERE coalesce(s.r ->> ent, tenant) IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audit_log (enterprise_uuid, table_name, record_id, action, before, user_id, ip, on_behalf_of)
    SELECT coalesce(s.r ->> ent, tenant), TG_TABLE_NAME, tracehub_audit_key(s.r, keys), 'delete',
      s.r - secrets, uid, addr, behalf
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
      FROM jsonb_each(o.r - secrets) f
      WHERE f.value IS DISTINCT FROM n.r -> f.key AND f.key <> ALL (noise)
    ) d
    WHERE d.b IS NOT NULL AND coalesce(n.r ->> ent, tenant) IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;
