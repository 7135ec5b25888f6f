CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"did" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb
);
--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_user_id" integer NOT NULL,
	"usci" text NOT NULL,
	"name" text NOT NULL,
	"form" jsonb NOT NULL,
	"status" text NOT NULL,
	"verifier_result" jsonb,
	"audit_notes" text,
	"audited_by" integer,
	"enterprise_uuid" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"date_format" text NOT NULL,
	"serial_length" integer NOT NULL,
	"notes" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_rules" (
	"enterprise_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"rule_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"enterprise_uuid" text,
	"biz_type" text NOT NULL,
	"biz_no" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "id_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code_type" text NOT NULL,
	"elements" jsonb NOT NULL,
	"notes" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "known_companies" (
	"usci" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"english_name" text,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "username_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"old_username" text NOT NULL,
	"new_username" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD COLUMN "status" text DEFAULT 'enabled' NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD COLUMN "audited_by" integer;--> statement-breakpoint
ALTER TABLE "enterprise_users" ADD COLUMN "audited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "steel_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "deployment_method" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "business_term_from" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "business_term_to" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "registered_address" jsonb;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "operation_address" jsonb;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "legal_person_name" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "legal_person_id_type" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "legal_person_id_number" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "legal_person_id_valid_from" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "legal_person_id_valid_to" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "id_photo_front" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "id_photo_back" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "business_licence" text;--> statement-breakpoint
ALTER TABLE "enterprises" ADD COLUMN "public_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_uq" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE INDEX "certificates_enterprise_idx" ON "certificates" USING btree ("enterprise_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_usci_uq" ON "certifications" USING btree ("usci");--> statement-breakpoint
CREATE INDEX "certifications_applicant_idx" ON "certifications" USING btree ("applicant_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_rules_uq" ON "enterprise_rules" USING btree ("enterprise_uuid","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_uq" ON "files" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "files_biz_idx" ON "files" USING btree ("enterprise_uuid","biz_type","biz_no");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "username_changes_user_idx" ON "username_changes" USING btree ("user_id","changed_at");