-- What a tenant request may see beyond its enterprise, read-only: the caller's own account links and the
-- enterprises they point at (the switch list of the user info), identified by app.user_id, which
-- withTenant sets beside app.enterprise_uuid. Writes stay under the tenant_isolation policies of 0002.
CREATE FUNCTION tracehub_user() RETURNS integer LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.user_id', true), '')::integer $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_user() TO tracehub_app;
--> statement-breakpoint
CREATE POLICY own_links ON enterprise_users FOR SELECT TO tracehub_app USING (user_id = tracehub_user());
--> statement-breakpoint
CREATE POLICY own_enterprises ON enterprises FOR SELECT TO tracehub_app
  USING (EXISTS (SELECT 1 FROM enterprise_users eu WHERE eu.enterprise_uuid = enterprises.uuid AND eu.user_id = tracehub_user()));
--> statement-breakpoint
-- How many enterprises an account is linked to (approved), for the six-enterprise limit when an
-- administrator approves an application or resets a shared account. It answers only for accounts with a
-- link (any state) to the caller's enterprise, and only the count: other enterprises stay unseen.
CREATE FUNCTION tracehub_approved_link_count(uid integer) RETURNS integer LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT count(*)::integer FROM enterprise_users
  WHERE user_id = uid AND examine_status = 1
    AND EXISTS (SELECT 1 FROM enterprise_users t WHERE t.user_id = uid AND t.enterprise_uuid = tracehub_tenant())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_approved_link_count(integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_approved_link_count(integer) TO tracehub_app;
