CREATE TABLE "evidence_task_items" (
	"enterprise_uuid" text NOT NULL,
	"task_id" text NOT NULL,
	"seq" integer NOT NULL,
	"tier" integer NOT NULL,
	"direction" text NOT NULL,
	"own" boolean NOT NULL,
	"event_id" bigint NOT NULL,
	"event_type" text NOT NULL,
	"subject_type" text NOT NULL,
	"label" text NOT NULL,
	"owner_uuid" text NOT NULL,
	"leaf_index" integer NOT NULL,
	"leaf_hash" text NOT NULL,
	"block_height" integer NOT NULL,
	"opened" boolean NOT NULL,
	"withheld" jsonb NOT NULL,
	CONSTRAINT "evidence_task_items_pk" PRIMARY KEY("task_id","seq")
);
--> statement-breakpoint
CREATE TABLE "evidence_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"main_task_id" text NOT NULL,
	"task_type" integer NOT NULL,
	"source" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"scope" jsonb NOT NULL,
	"conditions_key" text NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"package_key" text,
	"package_size" bigint,
	"package_sha256" text,
	"counts" jsonb,
	"last_download_at" timestamp with time zone,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"created_by" integer NOT NULL,
	"project_number" text,
	"vins" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "evidence_tasks_enterprise_idx" ON "evidence_tasks" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_tasks_live_conditions_uq" ON "evidence_tasks" USING btree ("enterprise_uuid","conditions_key") WHERE "evidence_tasks"."live";--> statement-breakpoint
CREATE INDEX "evidence_uploads_enterprise_idx" ON "evidence_uploads" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
ALTER TABLE evidence_tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE evidence_tasks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON evidence_tasks TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON evidence_tasks TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE evidence_task_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE evidence_task_items FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON evidence_task_items TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON evidence_task_items TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE evidence_uploads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE evidence_uploads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON evidence_uploads TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON evidence_uploads TO CURRENT_USER USING (true) WITH CHECK (true);
