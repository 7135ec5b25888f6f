CREATE TABLE "checking_vin_maps" (
	"enterprise_uuid" text NOT NULL,
	"task_id" text NOT NULL,
	"vin" text NOT NULL,
	"complete" boolean NOT NULL,
	"gap_count" integer NOT NULL,
	"gap_kinds" jsonb NOT NULL,
	CONSTRAINT "checking_vin_maps_task_id_vin_pk" PRIMARY KEY("task_id","vin")
);
--> statement-breakpoint
CREATE INDEX "checking_vin_maps_task_idx" ON "checking_vin_maps" USING btree ("enterprise_uuid","task_id","complete","vin");
--> statement-breakpoint
ALTER TABLE checking_vin_maps ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE checking_vin_maps FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON checking_vin_maps TO tracehub_app USING (enterprise_uuid = tracehub_tenant()) WITH CHECK (enterprise_uuid = tracehub_tenant());
--> statement-breakpoint
CREATE POLICY platform_access ON checking_vin_maps TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The VIN map check (issue 16 item 4) asks, of the enterprises a trace reached, whether each is a source
-- company (kind 'mineral'): only the kind's two columns, of certified enterprises (and the caller's own).
CREATE FUNCTION tracehub_trace_enterprise_kinds(uuids text[]) RETURNS TABLE(uuid text, role integer, business_attribute text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT e.uuid, e.role, e.business_attribute FROM enterprises e
  WHERE e.uuid = ANY(uuids) AND (e.did IS NOT NULL OR e.uuid = tracehub_tenant())
$$;
--> statement-breakpoint
-- The tracing report (issue 16 item 7) names, per document of a trace, the ledger block holding its newest
-- sealed evidence: only that height, of the documents of certified enterprises (and the caller's own)
-- named by (enterprise, type, number); n is the position in the arrays (1-based).
CREATE FUNCTION tracehub_trace_document_blocks(ents text[], types integer[], bills text[]) RETURNS TABLE(n bigint, block_height integer) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT k.n, max(le.block_height)
  FROM unnest(ents, types, bills) WITH ORDINALITY AS k(ent, typ, bill, n)
  JOIN enterprises e ON e.uuid = k.ent AND (e.did IS NOT NULL OR e.uuid = tracehub_tenant())
  JOIN documents d ON d.enterprise_uuid = k.ent AND d.doc_type = k.typ AND d.bill_no = k.bill
  JOIN ledger_events le ON le.subject_type = 'document' AND le.subject_id = d.id::text
   AND le.enterprise_uuid = k.ent AND le.block_height IS NOT NULL
  GROUP BY k.n
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_enterprise_kinds(text[]) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_document_blocks(text[], integer[], text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_enterprise_kinds(text[]) TO tracehub_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_document_blocks(text[], integer[], text[]) TO tracehub_app;
