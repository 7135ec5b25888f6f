CREATE TABLE "account_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"enterprise_uuid" text,
	"action" text NOT NULL,
	"result" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprise_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"user_id" integer NOT NULL,
	"examine_status" integer NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"examine_name" text,
	"remark" text,
	"examine_remark" text,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enterprises" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"name" text NOT NULL,
	"english_name" text,
	"chinese_short" text,
	"english_short" text,
	"usci" text NOT NULL,
	"role" integer DEFAULT 0 NOT NULL,
	"business_attribute" text,
	"scene" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"did" text,
	"chain_address" text,
	"key_ciphertext" text,
	"certified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_key" text NOT NULL,
	"ip" text,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"description" text,
	"is_admin_role" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"data_scope" text DEFAULT 'company' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"enterprise_uuid" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"enterprise_uuid" text NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"chinese_name" text,
	"english_name" text,
	"introduction" text,
	"avatar_url" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	"is_operator" boolean DEFAULT false NOT NULL,
	"session_timeout_min" integer DEFAULT 30 NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_enterprise_uuid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_log_scope_idx" ON "account_log" USING btree ("enterprise_uuid","user_id","created_at");--> statement-breakpoint
CREATE INDEX "enterprise_users_user_idx" ON "enterprise_users" USING btree ("user_id","examine_status");--> statement-breakpoint
CREATE INDEX "enterprise_users_enterprise_idx" ON "enterprise_users" USING btree ("enterprise_uuid","examine_status");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprises_uuid_uq" ON "enterprises" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprises_usci_uq" ON "enterprises" USING btree ("usci");--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("account_key","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "mail_codes_email_idx" ON "mail_codes" USING btree ("email","purpose","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "role_permissions_uq" ON "role_permissions" USING btree ("role_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_enterprise_name_uq" ON "roles" USING btree ("enterprise_uuid","name");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_uq" ON "user_roles" USING btree ("enterprise_uuid","user_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "verify_keys_hash_uq" ON "verify_keys" USING btree ("key_hash");