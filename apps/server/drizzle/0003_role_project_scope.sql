ALTER TABLE "roles" ADD COLUMN "project_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "project_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;