-- Forced row-level security on the last tables with an enterprise_uuid column that had none (the rule of
-- docs/structure.md, checked by test/structure-rls.test.ts). They are platform tables (sign-in, certification,
-- operator rules), read and written outside tenant transactions through platform_access; a tenant request
-- (role tracehub_app) sees only what it has a reason to see.
--
-- sessions: a tenant request ends sessions of its own members everywhere (a member's password reset, the
-- caller's own password change) and restarts the caller's session, so it sees the sessions of accounts linked
-- to its enterprise (through enterprise_users, itself tenant-scoped) and the caller's own.
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_members ON sessions TO tracehub_app
  USING (user_id = tracehub_user() OR EXISTS (SELECT 1 FROM enterprise_users eu WHERE eu.user_id = sessions.user_id AND eu.enterprise_uuid = tracehub_tenant()))
  WITH CHECK (user_id = tracehub_user() OR EXISTS (SELECT 1 FROM enterprise_users eu WHERE eu.user_id = sessions.user_id AND eu.enterprise_uuid = tracehub_tenant()));
--> statement-breakpoint
CREATE POLICY platform_access ON sessions TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- certifications: the applicant's form has no enterprise until the operator approves it; a tenant request
-- sees its enterprise's application and the caller's own.
ALTER TABLE certifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE certifications FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON certifications TO tracehub_app
  USING (enterprise_uuid = tracehub_tenant() OR applicant_user_id = tracehub_user())
  WITH CHECK (enterprise_uuid = tracehub_tenant() OR applicant_user_id = tracehub_user());
--> statement-breakpoint
CREATE POLICY platform_access ON certifications TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE enterprise_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE enterprise_rules FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON enterprise_rules TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON enterprise_rules TO CURRENT_USER USING (true) WITH CHECK (true);
