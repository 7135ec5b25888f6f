-- Indexes for the lists' searches and orders, reviewed with EXPLAIN at one million documents
-- (docs/performance.md, bench/scenarios/explain.ts, test/query-plans.test.ts).
--
-- "Contains" searches (lower(column) LIKE lower('%text%')) are answered by one trigram GIN index per table
-- over lower() of the columns its lists search (pg_trgm: a trusted extension, so a database owner without
-- superuser may create it; PGlite loads it in db/client.ts). On lower(column) and not the column, because
-- pg_trgm answers equality too, and the trace functions' generic plans took it over the btree indexes for
-- their exact look-ups, ten times slower.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DROP INDEX "ledger_events_enterprise_idx";--> statement-breakpoint
DROP INDEX "materials_enterprise_created_idx";--> statement-breakpoint
DROP INDEX "partners_enterprise_created_idx";--> statement-breakpoint
DROP INDEX "products_enterprise_created_idx";--> statement-breakpoint
DROP INDEX "project_codes_enterprise_created_idx";--> statement-breakpoint
CREATE INDEX "certifications_submitted_idx" ON "certifications" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "documents_biz_time_idx" ON "documents" USING btree ("enterprise_uuid","doc_type","biz_time","id");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin (lower("bill_no") gin_trgm_ops,lower("partner_code") gin_trgm_ops,lower("partner_name") gin_trgm_ops,lower("partner_name_en") gin_trgm_ops,lower("item_code") gin_trgm_ops,lower("item_name") gin_trgm_ops,lower("batch_no") gin_trgm_ops,lower("vin_sn") gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "enterprises_created_idx" ON "enterprises" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_events_search_idx" ON "ledger_events" USING gin (lower("subject_id") gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "material_relations_enterprise_created_idx" ON "material_relations" USING btree ("enterprise_uuid","direction","created_at","id");--> statement-breakpoint
CREATE INDEX "material_relations_search_idx" ON "material_relations" USING gin (lower("partner_code") gin_trgm_ops,lower("partner_name") gin_trgm_ops,lower("partner_material_no") gin_trgm_ops,lower("partner_material_name") gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "materials_search_idx" ON "materials" USING gin (lower("code") gin_trgm_ops,lower("name") gin_trgm_ops,lower("name_en") gin_trgm_ops,lower("batch_no") gin_trgm_ops,lower("supplier_material_code") gin_trgm_ops,lower("receipt_no") gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "partners_search_idx" ON "partners" USING gin (lower("code") gin_trgm_ops,lower("name") gin_trgm_ops,lower("name_en") gin_trgm_ops,lower("usci") gin_trgm_ops,lower("contact_name") gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "products_vin_idx" ON "products" USING btree ("enterprise_uuid","vin_sn");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (lower("code") gin_trgm_ops,lower("name") gin_trgm_ops,lower("name_en") gin_trgm_ops,lower("batch_no") gin_trgm_ops,lower("vin_sn") gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "ledger_events_enterprise_idx" ON "ledger_events" USING btree ("enterprise_uuid","created_at","id");--> statement-breakpoint
CREATE INDEX "materials_enterprise_created_idx" ON "materials" USING btree ("enterprise_uuid","nature","created_at","id");--> statement-breakpoint
CREATE INDEX "partners_enterprise_created_idx" ON "partners" USING btree ("enterprise_uuid","created_at","id");--> statement-breakpoint
CREATE INDEX "products_enterprise_created_idx" ON "products" USING btree ("enterprise_uuid","created_at","id");--> statement-breakpoint
CREATE INDEX "project_codes_enterprise_created_idx" ON "project_codes" USING btree ("enterprise_uuid","created_at","id");
--> statement-breakpoint
-- Row-level security keeps those indexes away from tenant requests: LIKE, lower() and && are not leakproof,
-- so on a table whose policy applies (tracehub_app) PostgreSQL evaluates them only after the policy's
-- condition, never as an index condition, and a search reads every row of the enterprise (of the type). A
-- tenant statement that searches one of these tables reads it through its view instead (platform/
-- list-query.ts: `WITH documents AS (SELECT * FROM documents_search) SELECT ... FROM documents ...`): the
-- view reads the table as its owner, whose policy (platform_access) sets no condition, and restricts it to
-- the transaction's tenant itself, the rows the policy allows; the list's own enterprise condition and data
-- permission still apply. The views are not security barriers, which would keep the search out of the index
-- again; tracehub_app may only read them. They carry every column of their table: a migration adding a
-- column to one of these tables recreates its view (test/query-plans.test.ts compares them).
CREATE VIEW documents_search AS SELECT * FROM documents WHERE enterprise_uuid = tracehub_tenant();
--> statement-breakpoint
CREATE VIEW materials_search AS SELECT * FROM materials WHERE enterprise_uuid = tracehub_tenant();
--> statement-breakpoint
CREATE VIEW products_search AS SELECT * FROM products WHERE enterprise_uuid = tracehub_tenant();
--> statement-breakpoint
CREATE VIEW partners_search AS SELECT * FROM partners WHERE enterprise_uuid = tracehub_tenant();
--> statement-breakpoint
CREATE VIEW material_relations_search AS SELECT * FROM material_relations WHERE enterprise_uuid = tracehub_tenant();
--> statement-breakpoint
CREATE VIEW ledger_events_search AS SELECT * FROM ledger_events WHERE enterprise_uuid = tracehub_tenant();
--> statement-breakpoint
-- The default privileges of 0002 granted every DML right on them (simple views are updatable): read only.
REVOKE ALL ON documents_search, materials_search, products_search, partners_search, material_relations_search,
  ledger_events_search FROM tracehub_app;
--> statement-breakpoint
GRANT SELECT ON documents_search, materials_search, products_search, partners_search, material_relations_search,
  ledger_events_search TO tracehub_app;
--> statement-breakpoint
-- Document types are spread unevenly over enterprises (a vehicle maker's completions outnumber its
-- contracts): estimates of one enterprise's rows of one type from the two columns' own statistics are off by
-- half and more, which decides between the trigram and the list index.
CREATE STATISTICS documents_enterprise_type_stats (dependencies, mcv) ON enterprise_uuid, doc_type FROM documents;
