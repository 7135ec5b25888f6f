ALTER TABLE "code_rules" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "code_rules" ADD COLUMN "notes_en" text;--> statement-breakpoint
ALTER TABLE "id_rules" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "id_rules" ADD COLUMN "notes_en" text;