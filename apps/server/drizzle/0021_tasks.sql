CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"page" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"phase" text,
	"checkpoint" jsonb,
	"reason_code" text,
	"result_key" text,
	"result_name" text,
	"job_id" bigint,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "tasks_enterprise_page_idx" ON "tasks" USING btree ("enterprise_uuid","page","created_at");--> statement-breakpoint
-- Background tasks (platform/tasks). A task belongs to one enterprise:
-- its tenant transactions read it and change it (cancel, withdraw, retry); the worker changes it through
-- the platform connection.
ALTER TABLE tasks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tasks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tasks TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON tasks TO CURRENT_USER USING (true) WITH CHECK (true);
