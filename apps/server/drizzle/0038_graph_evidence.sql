-- The product network (issue 18 item 1) shows, per document of a trace, where its evidence was sealed: the
-- leaf hash (txHash) of its newest sealed ledger event and that event's block, for the documents of certified
-- enterprises (and the caller's own) named by (enterprise, type, number); n is the position in the arrays
-- (1-based). The leaf hash is public by design: anyone holding it can fetch the inclusion proof from the
-- public ledger, which proves the record was sealed without revealing its content.
CREATE FUNCTION tracehub_trace_document_evidence(ents text[], types integer[], bills text[]) RETURNS TABLE(n bigint, leaf_hash text, block_height integer) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT ON (k.n) k.n, le.leaf_hash, le.block_height
  FROM unnest(ents, types, bills) WITH ORDINALITY AS k(ent, typ, bill, n)
  JOIN enterprises e ON e.uuid = k.ent AND (e.did IS NOT NULL OR e.uuid = tracehub_tenant())
  JOIN documents d ON d.enterprise_uuid = k.ent AND d.doc_type = k.typ AND d.bill_no = k.bill
  JOIN ledger_events le ON le.subject_type = 'document' AND le.subject_id = d.id::text
   AND le.enterprise_uuid = k.ent AND le.block_height IS NOT NULL
  ORDER BY k.n, le.id DESC
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_document_evidence(text[], integer[], text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_document_evidence(text[], integer[], text[]) TO tracehub_app;
--> statement-breakpoint
-- The supplier information map (issue 18 item 4) places each certified supplier of the caller's network where
-- it ships from: its newest shipment's shipping place (types ship_types), else its newest mine or smelter row's
-- site (site_types). Only those four columns, of certified enterprises (and the caller's own).
CREATE FUNCTION tracehub_trace_enterprise_places(uuids text[], ship_types integer[], site_types integer[]) RETURNS TABLE(uuid text, address text, latitude float8, longitude float8) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT DISTINCT ON (d.enterprise_uuid) d.enterprise_uuid,
    CASE WHEN d.doc_type = ANY(ship_types) THEN coalesce(d.extra->>'shippingAddress', '')
      ELSE concat_ws(' ', d.extra->>'siteName', d.extra->>'siteCountry') END,
    (CASE WHEN d.doc_type = ANY(ship_types) THEN d.extra->>'shippingLatitude' ELSE d.extra->>'siteLatitude' END)::float8,
    (CASE WHEN d.doc_type = ANY(ship_types) THEN d.extra->>'shippingLongitude' ELSE d.extra->>'siteLongitude' END)::float8
  FROM documents d
  JOIN enterprises e ON e.uuid = d.enterprise_uuid AND (e.did IS NOT NULL OR e.uuid = tracehub_tenant())
  WHERE d.enterprise_uuid = ANY(uuids)
    AND ((d.doc_type = ANY(ship_types) AND jsonb_typeof(d.extra->'shippingLatitude') = 'number'
          AND jsonb_typeof(d.extra->'shippingLongitude') = 'number')
      OR (d.doc_type = ANY(site_types) AND jsonb_typeof(d.extra->'siteLatitude') = 'number'
          AND jsonb_typeof(d.extra->'siteLongitude') = 'number'))
  ORDER BY d.enterprise_uuid, (d.doc_type = ANY(ship_types)) DESC, d.biz_time DESC, d.id DESC
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_enterprise_places(text[], integer[], integer[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_enterprise_places(text[], integer[], integer[]) TO tracehub_app;
