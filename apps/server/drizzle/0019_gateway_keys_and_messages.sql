CREATE TABLE "gateway_key_nonces" (
	"key_id" integer NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_key_rates" (
	"key_id" integer NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"minute" bigint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"app_key" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_by" integer NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_configs" (
	"enterprise_uuid" text NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"receive" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_configs_enterprise_uuid_user_id_type_pk" PRIMARY KEY("enterprise_uuid","user_id","type")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enterprise_uuid" text NOT NULL,
	"recipient_id" integer NOT NULL,
	"type" text NOT NULL,
	"params" jsonb NOT NULL,
	"link" text,
	"search_text" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_key_nonces_uq" ON "gateway_key_nonces" USING btree ("key_id","nonce");--> statement-breakpoint
CREATE INDEX "gateway_key_nonces_used_idx" ON "gateway_key_nonces" USING btree ("key_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_key_rates_uq" ON "gateway_key_rates" USING btree ("key_id","minute");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_keys_app_key_uq" ON "gateway_keys" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "gateway_keys_enterprise_created_idx" ON "gateway_keys" USING btree ("enterprise_uuid","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("enterprise_uuid","recipient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("enterprise_uuid","recipient_id") WHERE "messages"."read_at" is null;
--> statement-breakpoint
-- Gateway keys, their used nonces and per-minute counters belong to one enterprise each (see 0002). Signed
-- requests are verified on the platform handle (the key names its enterprise); the console's key
-- management runs as the tenant.
ALTER TABLE gateway_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gateway_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON gateway_keys TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON gateway_keys TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE gateway_key_nonces ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gateway_key_nonces FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON gateway_key_nonces TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON gateway_key_nonces TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE gateway_key_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE gateway_key_rates FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON gateway_key_rates TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON gateway_key_rates TO CURRENT_USER USING (true) WITH CHECK (true);
