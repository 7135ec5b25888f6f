CREATE TABLE "checking_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"task_id" text NOT NULL,
	"check_id" text NOT NULL,
	"check_version" integer NOT NULL,
	"level" text NOT NULL,
	"outcome" text NOT NULL,
	"state" text NOT NULL,
	"identity" text NOT NULL,
	"subject" text NOT NULL,
	"company_uuid" text NOT NULL,
	"vins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_zh" text NOT NULL,
	"message_en" text NOT NULL,
	"cited" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checking_passes" (
	"enterprise_uuid" text NOT NULL,
	"task_id" text NOT NULL,
	"check_id" text NOT NULL,
	"passes" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checking_passes_task_id_check_id_pk" PRIMARY KEY("task_id","check_id")
);
--> statement-breakpoint
CREATE TABLE "checking_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"task_type" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"scope" jsonb NOT NULL,
	"package_id" text NOT NULL,
	"package_version" integer NOT NULL,
	"package_hash" text NOT NULL,
	"check_ids" jsonb NOT NULL,
	"block_height" integer,
	"counts" jsonb,
	"vin_amount" integer DEFAULT 0 NOT NULL,
	"complete_vin_amount" integer DEFAULT 0 NOT NULL,
	"max_level" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checking_findings_task_idx" ON "checking_findings" USING btree ("enterprise_uuid","task_id","level","id");--> statement-breakpoint
CREATE INDEX "checking_findings_identity_idx" ON "checking_findings" USING btree ("enterprise_uuid","identity");--> statement-breakpoint
CREATE INDEX "checking_tasks_enterprise_idx" ON "checking_tasks" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
ALTER TABLE checking_tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checking_tasks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON checking_tasks TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON checking_tasks TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE checking_findings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checking_findings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON checking_findings TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON checking_findings TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE checking_passes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checking_passes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON checking_passes TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON checking_passes TO CURRENT_USER USING (true) WITH CHECK (true);
