CREATE TABLE "import_records" (
	"id" text PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"import_num" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"success_num" integer DEFAULT 0 NOT NULL,
	"defeat_num" integer DEFAULT 0 NOT NULL,
	"exist_num" integer DEFAULT 0 NOT NULL,
	"error_log_key" text,
	"error_code" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_row_errors" (
	"import_id" text NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "import_row_errors_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"enterprise_uuid" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"progress" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"code" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "import_records_enterprise_idx" ON "import_records" USING btree ("enterprise_uuid","kind","created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("run_after","id") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_enterprise_idx" ON "jobs" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_codes_enterprise_code_uq" ON "project_codes" USING btree ("enterprise_uuid","code");--> statement-breakpoint
CREATE INDEX "project_codes_enterprise_created_idx" ON "project_codes" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
-- Row-level security of the new tenant tables (see 0002): project codes, import records and their refused
-- rows belong to one enterprise. Jobs are worked by the platform; a tenant transaction may only enqueue a
-- fresh job of its own enterprise (with the change that needs it) and read its own jobs, never change one.
ALTER TABLE project_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_codes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON project_codes TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON project_codes TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE import_records ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE import_records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON import_records TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON import_records TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE import_row_errors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE import_row_errors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON import_row_errors TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON import_row_errors TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_read ON jobs FOR SELECT TO tracehub_app USING (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY tenant_enqueue ON jobs FOR INSERT TO tracehub_app
  WITH CHECK (enterprise_uuid = tracehub_tenant() AND status = 'queued' AND attempts = 0 AND locked_at IS NULL);
--> statement-breakpoint
CREATE POLICY platform_access ON jobs TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON jobs FROM tracehub_app;
