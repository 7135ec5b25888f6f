CREATE TABLE "risk_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"country" text NOT NULL,
	"province" text,
	"city" text,
	"company_usci" text,
	"company_name" text,
	"project_code" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_rule_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"rule_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"country" text,
	"province" text,
	"city" text,
	"company_usci" text,
	"company_name" text,
	"project_code" text,
	"list_name" text,
	"list_as_of" text,
	"list_entries" jsonb,
	CONSTRAINT "risk_rule_factors_kind_ck" CHECK (("risk_rule_factors"."kind" <> 'area' or "risk_rule_factors"."country" is not null)
        and ("risk_rule_factors"."kind" <> 'company' or "risk_rule_factors"."company_usci" is not null)
        and ("risk_rule_factors"."kind" <> 'project' or "risk_rule_factors"."project_code" is not null)
        and ("risk_rule_factors"."kind" <> 'watchList' or ("risk_rule_factors"."list_name" is not null and "risk_rule_factors"."list_as_of" is not null and "risk_rule_factors"."list_entries" is not null)))
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"name" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"monitor_kind" text NOT NULL,
	"monitor_partners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monitor_projects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_rule_factors" ADD CONSTRAINT "risk_rule_factors_rule_id_risk_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."risk_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_areas_enterprise_created_idx" ON "risk_areas" USING btree ("enterprise_uuid","created_at","id");--> statement-breakpoint
CREATE INDEX "risk_rule_factors_rule_idx" ON "risk_rule_factors" USING btree ("rule_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_rules_enterprise_name_uq" ON "risk_rules" USING btree ("enterprise_uuid","name");--> statement-breakpoint
CREATE INDEX "risk_rules_enterprise_created_idx" ON "risk_rules" USING btree ("enterprise_uuid","created_at","id");--> statement-breakpoint
ALTER TABLE risk_rules ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE risk_rules FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON risk_rules TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON risk_rules TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE risk_rule_factors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE risk_rule_factors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON risk_rule_factors TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON risk_rule_factors TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE risk_areas ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE risk_areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON risk_areas TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON risk_areas TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The audit trail (0017) on the risk tables: rules, their factors and risk areas are business settings.
SELECT tracehub_audit_attach(tbl, ent, keys) FROM (VALUES
  ('risk_rules', 'enterprise_uuid', ARRAY['id']),
  ('risk_rule_factors', 'enterprise_uuid', ARRAY['id']),
  ('risk_areas', 'enterprise_uuid', ARRAY['id'])
) AS v(tbl, ent, keys);
