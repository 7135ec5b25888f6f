CREATE TABLE "daily_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"report_date" text NOT NULL,
	"state" text DEFAULT 'notValidated' NOT NULL,
	"reason" text,
	"checking_task_id" text,
	"run_started_at" timestamp with time zone,
	"package_id" text NOT NULL,
	"package_version" integer NOT NULL,
	"package_hash" text NOT NULL,
	"block_height" integer,
	"counts" jsonb,
	"vin_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "daily_reports_enterprise_date_uq" ON "daily_reports" USING btree ("enterprise_uuid","report_date");--> statement-breakpoint
CREATE INDEX "daily_reports_task_idx" ON "daily_reports" USING btree ("checking_task_id");--> statement-breakpoint
ALTER TABLE daily_reports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE daily_reports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON daily_reports TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON daily_reports TO CURRENT_USER USING (true) WITH CHECK (true);
