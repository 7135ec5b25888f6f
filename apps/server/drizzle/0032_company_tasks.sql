CREATE TABLE "checking_company_task_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_task_id" integer NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"company_uuid" text NOT NULL,
	"identity" text NOT NULL,
	"check_id" text NOT NULL,
	"level" text NOT NULL,
	"subject" text NOT NULL,
	"state" text NOT NULL,
	"message_zh" text NOT NULL,
	"message_en" text NOT NULL,
	"cited" jsonb NOT NULL,
	"last_run_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checking_company_task_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_task_id" integer NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"company_uuid" text NOT NULL,
	"action" text NOT NULL,
	"side" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"result" text,
	"comment" text,
	"open_count" integer,
	"fixed_count" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checking_company_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"company_uuid" text NOT NULL,
	"benchmark_name" text NOT NULL,
	"benchmark_name_en" text DEFAULT '' NOT NULL,
	"company_name" text NOT NULL,
	"company_name_en" text DEFAULT '' NOT NULL,
	"first_run_id" text NOT NULL,
	"last_run_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"result" text,
	"max_level" text NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL,
	"fixed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "checking_company_task_findings_identity_idx" ON "checking_company_task_findings" USING btree ("company_task_id","identity");--> statement-breakpoint
CREATE INDEX "checking_company_task_history_task_idx" ON "checking_company_task_history" USING btree ("company_task_id","id");--> statement-breakpoint
CREATE INDEX "checking_company_tasks_enterprise_idx" ON "checking_company_tasks" USING btree ("enterprise_uuid","updated_at");--> statement-breakpoint
CREATE INDEX "checking_company_tasks_company_idx" ON "checking_company_tasks" USING btree ("company_uuid","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checking_company_tasks_live_idx" ON "checking_company_tasks" USING btree ("enterprise_uuid","company_uuid") WHERE state <> 'closed';--> statement-breakpoint
-- Company abnormal-data tasks (modules/checking/company-*.ts) are seen by two enterprises: the benchmark that
-- raised them (enterprise_uuid) and the supplier they concern (company_uuid), so each table's tenant policy
-- reads `enterprise_uuid = tracehub_tenant() OR company_uuid = tracehub_tenant()` instead of the usual one.
-- Writes are narrower: only the benchmark's run raises a task and writes its finding lines; either side
-- moves a task's state (the service's state machine decides which side may do what) and appends history;
-- nothing is deleted by a tenant, and history is never changed.
ALTER TABLE checking_company_tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checking_company_tasks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY two_sided_read ON checking_company_tasks FOR SELECT TO tracehub_app
  USING (enterprise_uuid = tracehub_tenant() OR company_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY benchmark_raises ON checking_company_tasks FOR INSERT TO tracehub_app
  WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY two_sided_update ON checking_company_tasks FOR UPDATE TO tracehub_app
  USING (enterprise_uuid = tracehub_tenant() OR company_uuid = tracehub_tenant())
  WITH CHECK (enterprise_uuid = tracehub_tenant() OR company_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON checking_company_tasks TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE DELETE ON checking_company_tasks FROM tracehub_app;
--> statement-breakpoint
SELECT tracehub_audit_attach('checking_company_tasks', 'enterprise_uuid', ARRAY['id']);
--> statement-breakpoint
-- Finding lines: copies of the benchmark's findings that lie with the supplier. checking_findings stays the
-- benchmark's alone (it holds every company's findings and the benchmark's own); the supplier reads only
-- these lines of its tasks.
ALTER TABLE checking_company_task_findings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checking_company_task_findings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY two_sided_read ON checking_company_task_findings FOR SELECT TO tracehub_app
  USING (enterprise_uuid = tracehub_tenant() OR company_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY benchmark_writes ON checking_company_task_findings FOR INSERT TO tracehub_app
  WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY benchmark_updates ON checking_company_task_findings FOR UPDATE TO tracehub_app
  USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON checking_company_task_findings TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE DELETE ON checking_company_task_findings FROM tracehub_app;
--> statement-breakpoint
ALTER TABLE checking_company_task_history ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checking_company_task_history FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY two_sided_read ON checking_company_task_history FOR SELECT TO tracehub_app
  USING (enterprise_uuid = tracehub_tenant() OR company_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY two_sided_append ON checking_company_task_history FOR INSERT TO tracehub_app
  WITH CHECK (enterprise_uuid = tracehub_tenant() OR company_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON checking_company_task_history TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE UPDATE, DELETE ON checking_company_task_history FROM tracehub_app;
