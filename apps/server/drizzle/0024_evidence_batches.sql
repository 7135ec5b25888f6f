CREATE TABLE "ledger_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"enterprise_uuid" text NOT NULL,
	"signer_did" text NOT NULL,
	"size" integer NOT NULL,
	"root_hash" text NOT NULL,
	"leaf_hashes" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Evidence leaves v3 (docs/evidence-format.md 2a): an enterprise signs once per batch of its events, not once
-- per event. A batch row keeps what a proof needs: the ordered leaf hashes (64 hex each, concatenated), their
-- RFC 9162 root and the enterprise's signature of the batch statement. Like the events: a tenant reads and
-- appends its own enterprise's batches and never changes them; proofs and verification run as the platform.
ALTER TABLE ledger_batches ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ledger_batches FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_read ON ledger_batches FOR SELECT TO tracehub_app USING (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY tenant_append ON ledger_batches FOR INSERT TO tracehub_app WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON ledger_batches TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON ledger_batches FROM tracehub_app;
