CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"doc_type" integer NOT NULL,
	"stage" integer NOT NULL,
	"bill_no" text NOT NULL,
	"biz_time" timestamp with time zone NOT NULL,
	"partner_id" integer,
	"partner_code" text DEFAULT '' NOT NULL,
	"partner_name" text DEFAULT '' NOT NULL,
	"partner_name_en" text DEFAULT '' NOT NULL,
	"item_code" text DEFAULT '' NOT NULL,
	"item_name" text DEFAULT '' NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"vin_sn" text DEFAULT '' NOT NULL,
	"interior_batch_no" text DEFAULT '' NOT NULL,
	"quantity" numeric(13, 4),
	"unit" text DEFAULT '' NOT NULL,
	"unit_price" numeric(13, 4),
	"currency" text,
	"amount" numeric(13, 4),
	"related_bill_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_transfer_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"biz_type" text NOT NULL,
	"bill_type" integer,
	"biz_no" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"error_code" text NOT NULL,
	"error_msg" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "documents_natural_uq" ON "documents" USING btree ("enterprise_uuid","doc_type","bill_no","item_code","batch_no","vin_sn");--> statement-breakpoint
CREATE INDEX "documents_list_idx" ON "documents" USING btree ("enterprise_uuid","doc_type","created_at","id");--> statement-breakpoint
CREATE INDEX "documents_lot_idx" ON "documents" USING btree ("enterprise_uuid","item_code","batch_no");--> statement-breakpoint
CREATE INDEX "documents_bill_idx" ON "documents" USING btree ("enterprise_uuid","bill_no");--> statement-breakpoint
CREATE INDEX "documents_vin_idx" ON "documents" USING btree ("vin_sn") WHERE "documents"."vin_sn" <> '';--> statement-breakpoint
CREATE INDEX "documents_batch_idx" ON "documents" USING btree ("batch_no") WHERE "documents"."batch_no" <> '';--> statement-breakpoint
CREATE INDEX "documents_partner_idx" ON "documents" USING btree ("enterprise_uuid","partner_id");--> statement-breakpoint
CREATE INDEX "documents_related_idx" ON "documents" USING gin ("related_bill_nos");--> statement-breakpoint
CREATE INDEX "file_transfer_errors_idx" ON "file_transfer_errors" USING btree ("enterprise_uuid","biz_type","created_at");--> statement-breakpoint
-- Row-level security of documents and attachment transfer errors (see 0002): every row belongs to one enterprise.
ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE documents FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON documents TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON documents TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE file_transfer_errors ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE file_transfer_errors FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON file_transfer_errors TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON file_transfer_errors TO CURRENT_USER USING (true) WITH CHECK (true);
