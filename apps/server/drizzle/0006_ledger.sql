CREATE TABLE "ledger_anchors" (
	"height" integer PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"contract" text NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint,
	"anchored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_blocks" (
	"height" integer PRIMARY KEY NOT NULL,
	"prev_hash" text NOT NULL,
	"tree_size" bigint NOT NULL,
	"root_hash" text NOT NULL,
	"time" bigint NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"leaf_hash" text NOT NULL,
	"leaf_data" text NOT NULL,
	"event_type" text NOT NULL,
	"enterprise_uuid" text,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"payload_hash" text NOT NULL,
	"data_hash" text,
	"signer_did" text,
	"signature" text,
	"created_at" timestamp with time zone NOT NULL,
	"leaf_index" bigint,
	"block_height" integer
);
--> statement-breakpoint
CREATE TABLE "ledger_nodes" (
	"level" integer NOT NULL,
	"idx" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_nodes_pk" PRIMARY KEY("level","idx")
);
--> statement-breakpoint
CREATE TABLE "platform_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"algorithm" text NOT NULL,
	"public_key" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_events_leaf_hash_uq" ON "ledger_events" USING btree ("leaf_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_events_leaf_index_uq" ON "ledger_events" USING btree ("leaf_index");--> statement-breakpoint
CREATE INDEX "ledger_events_data_hash_idx" ON "ledger_events" USING btree ("data_hash");--> statement-breakpoint
CREATE INDEX "ledger_events_subject_idx" ON "ledger_events" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "ledger_events_enterprise_idx" ON "ledger_events" USING btree ("enterprise_uuid","created_at");--> statement-breakpoint
CREATE INDEX "ledger_events_unsealed_idx" ON "ledger_events" USING btree ("id") WHERE "ledger_events"."leaf_index" is null;--> statement-breakpoint
-- Row-level security of the ledger (see 0002): a tenant request reads its own enterprise's events and appends
-- new, unsealed ones in its transaction, and never changes or removes any. Sealing, proofs and the public
-- API run as the platform. Blocks, nodes and anchors are public data: readable, never writable by tenants;
-- the platform keys are not visible to tenants at all.
ALTER TABLE ledger_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ledger_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_read ON ledger_events FOR SELECT TO tracehub_app USING (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY tenant_append ON ledger_events FOR INSERT TO tracehub_app
  WITH CHECK (enterprise_uuid = tracehub_tenant() AND leaf_index IS NULL AND block_height IS NULL);
--> statement-breakpoint
CREATE POLICY platform_access ON ledger_events TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON ledger_events FROM tracehub_app;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ledger_blocks, ledger_nodes, ledger_anchors FROM tracehub_app;
--> statement-breakpoint
REVOKE ALL ON platform_keys FROM tracehub_app;
