-- Traceability links across enterprises (server module apps/server/src/modules/trace). A tenant request sees
-- only its own enterprise's rows (row-level security, 0002); a trace must also read the documents its
-- suppliers and clients recorded for the same lots. These SECURITY DEFINER functions are the only way it
-- does: each takes a batch of lot keys (one walking step of a trace, never one call per lot) and answers
-- link-level projections only: enterprise uuid (resolved to names, USCI and DID by tracehub_trace_enterprises),
-- document type, number and business time, item code, batch number and VIN/SN, the site of a mine. Never
-- prices, amounts, quantities, partners' names or contacts, notes. The document types of each trace role
-- are passed in from the contract's catalogue (document-types.ts `trace`), so the SQL names none.
--
-- A lot key is (enterprise uuid, item code, lot number): with an item code it is the lot (item_code,
-- batch_no); with an empty item code it is a VIN/SN (vin_sn), whatever the item.

-- The documents of the given types carrying the keys' lots; n is the key's position (1-based). Not a
-- definer and not granted: it runs inside the functions below (and is inlined into their queries).
CREATE FUNCTION tracehub_trace_lot_docs(ents text[], items text[], lots text[], types integer[]) RETURNS TABLE(n bigint, id integer) LANGUAGE sql STABLE AS $$
  SELECT k.n, d.id
  FROM unnest(ents, items, lots) WITH ORDINALITY AS k(ent, item, lot, n)
  JOIN public.documents d ON d.enterprise_uuid = k.ent AND d.item_code = k.item AND d.batch_no = k.lot
  WHERE k.item <> '' AND d.doc_type = ANY(types)
  UNION ALL
  SELECT k.n, d.id
  FROM unnest(ents, items, lots) WITH ORDINALITY AS k(ent, item, lot, n)
  JOIN public.documents d ON d.vin_sn = k.lot AND d.enterprise_uuid = k.ent
  WHERE k.item = '' AND d.vin_sn <> '' AND d.doc_type = ANY(types)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_lot_docs(text[], text[], text[], integer[]) FROM PUBLIC;
--> statement-breakpoint
-- Walking down inside an enterprise: what a lot (or VIN/SN) was made of.
-- consumed: the completions producing the lot (a_*) and the pickings they name (b_*, whose lot is answered);
-- fitted: the parts fitted into a VIN (the fit row, whose part lot is answered);
-- source: the mine's or smelter's rows of the lot (its site).
CREATE FUNCTION tracehub_trace_inputs(ents text[], items text[], lots text[], produce integer[], consume integer[], fit integer[], source integer[]) RETURNS TABLE(n bigint, link text, a_type integer, a_bill text, a_time timestamptz, b_type integer, b_bill text, b_time timestamptz, item_code text, batch_no text, vin_sn text, site_name text, site_country text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT m.n, 'consumed', c.doc_type, c.bill_no, c.biz_time, p.doc_type, p.bill_no, p.biz_time,
         p.item_code, p.batch_no, p.vin_sn, '', ''
  FROM tracehub_trace_lot_docs(ents, items, lots, produce) m
  JOIN documents c ON c.id = m.id
  JOIN documents p ON p.enterprise_uuid = c.enterprise_uuid AND p.bill_no = ANY(c.related_bill_nos)
   AND p.doc_type = ANY(consume)
  UNION ALL
  SELECT k.n, 'fitted', f.doc_type, f.bill_no, f.biz_time, NULL, NULL, NULL, f.item_code, f.batch_no, '', '', ''
  FROM unnest(ents, items, lots) WITH ORDINALITY AS k(ent, item, lot, n)
  JOIN documents f ON f.vin_sn = k.lot AND f.enterprise_uuid = k.ent
  WHERE k.item = '' AND f.vin_sn <> '' AND f.doc_type = ANY(fit) AND f.batch_no <> ''
  UNION ALL
  SELECT m.n, 'source', s.doc_type, s.bill_no, s.biz_time, NULL, NULL, NULL, s.item_code, s.batch_no, s.vin_sn,
         coalesce(s.extra->>'siteName', ''), coalesce(s.extra->>'siteCountry', '')
  FROM tracehub_trace_lot_docs(ents, items, lots, source) m
  JOIN documents s ON s.id = m.id
$$;
--> statement-breakpoint
-- Walking down across enterprises: who supplied a lot. For each receipt of the lot (or fit row naming it)
-- with a supplier partner: the partner's id (the caller may name its own), the supplier's enterprise when
-- settled (a certified enterprise with the partner's USCI), and the supplier's delivery of the same lot to a
-- client partner settled as the receiving enterprise, under the supplier's code for the item (the receiver's
-- supplier mapping of its code for that partner, or the same code when it has none).
CREATE FUNCTION tracehub_trace_suppliers(ents text[], items text[], lots text[], receipt integer[], fit integer[], delivery integer[]) RETURNS TABLE(n bigint, a_type integer, a_bill text, a_time timestamptz, partner_id integer, supplier text, b_type integer, b_bill text, b_time timestamptz, item_code text, batch_no text, vin_sn text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH got AS (
    SELECT m.n, r.*, items[m.n] = '' AS by_vin, lots[m.n] AS lot, r.doc_type = ANY(fit) AS fitted
    FROM tracehub_trace_lot_docs(ents, items, lots, receipt || fit) m
    JOIN documents r ON r.id = m.id
    -- A fit row's VIN is the vehicle's, not the part's: it names the part's supplier only by the part's lot,
    -- and only when no receipt of the lot from that supplier does; one row per supplier is enough.
    WHERE NOT (r.doc_type = ANY(fit) AND (items[m.n] = '' OR EXISTS (
      SELECT 1 FROM documents r2
      WHERE r2.enterprise_uuid = r.enterprise_uuid AND r2.item_code = r.item_code AND r2.batch_no = r.batch_no
        AND r2.partner_id = r.partner_id AND r2.doc_type = ANY(receipt))))
  ),
  received AS (
    SELECT DISTINCT ON (g.n, g.partner_id, CASE WHEN g.fitted THEN 0 ELSE g.id END)
           g.n, g.enterprise_uuid AS client, ce.usci AS client_usci, g.doc_type, g.bill_no, g.biz_time,
           g.item_code, p.id AS partner_id, p.code AS partner_code, se.uuid AS supplier, g.by_vin, g.lot
    FROM got g
    JOIN partners p ON p.id = g.partner_id AND p.partner_type = 'supplier'
    JOIN enterprises ce ON ce.uuid = g.enterprise_uuid
    LEFT JOIN enterprises se ON se.usci = p.usci AND se.did IS NOT NULL
    ORDER BY g.n, g.partner_id, CASE WHEN g.fitted THEN 0 ELSE g.id END, g.biz_time, g.id
  ),
  coded AS (
    SELECT rc.*, coalesce(mp.partner_material_no, rc.item_code) AS supplier_item
    FROM received rc
    LEFT JOIN LATERAL (
      SELECT mr.partner_material_no
      FROM material_relations mr JOIN materials mt ON mt.id = mr.material_id
      WHERE mr.enterprise_uuid = rc.client AND mr.direction = 'supplier' AND mt.code = rc.item_code
        AND (mr.partner_id = rc.partner_id OR (mr.partner_id IS NULL AND mr.partner_code = rc.partner_code))
    ) mp ON true
  )
  SELECT cd.n, cd.doc_type, cd.bill_no, cd.biz_time, cd.partner_id, cd.supplier,
         dl.doc_type, dl.bill_no, dl.biz_time, dl.item_code, dl.batch_no, dl.vin_sn
  FROM coded cd
  LEFT JOIN LATERAL (
    -- By batch, or by VIN/SN: two lookups, each on its own index.
    SELECT d.doc_type, d.bill_no, d.biz_time, d.item_code, d.batch_no, d.vin_sn, d.partner_id
    FROM documents d
    WHERE NOT cd.by_vin AND d.enterprise_uuid = cd.supplier AND d.item_code = cd.supplier_item
      AND d.batch_no = cd.lot AND d.doc_type = ANY(delivery)
    UNION ALL
    SELECT d.doc_type, d.bill_no, d.biz_time, d.item_code, d.batch_no, d.vin_sn, d.partner_id
    FROM documents d
    WHERE cd.by_vin AND d.vin_sn = cd.lot AND d.vin_sn <> '' AND d.enterprise_uuid = cd.supplier
      AND d.item_code = cd.supplier_item AND d.doc_type = ANY(delivery)
  ) dl ON cd.supplier IS NOT NULL AND EXISTS (
    SELECT 1 FROM partners q
    WHERE q.id = dl.partner_id AND q.enterprise_uuid = cd.supplier AND q.partner_type = 'client'
      AND q.usci = cd.client_usci)
$$;
--> statement-breakpoint
-- Walking up inside an enterprise: what a lot went into.
-- consumed: the pickings of the lot (a_*) and the completions naming them (b_*, whose lot or VIN is answered);
-- fitted: the fit rows using the lot (whose VIN is answered).
CREATE FUNCTION tracehub_trace_outputs(ents text[], items text[], lots text[], consume integer[], produce integer[], fit integer[]) RETURNS TABLE(n bigint, link text, a_type integer, a_bill text, a_time timestamptz, b_type integer, b_bill text, b_time timestamptz, item_code text, batch_no text, vin_sn text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT m.n, 'consumed', p.doc_type, p.bill_no, p.biz_time, c.doc_type, c.bill_no, c.biz_time,
         c.item_code, c.batch_no, c.vin_sn
  FROM tracehub_trace_lot_docs(ents, items, lots, consume) m
  JOIN documents p ON p.id = m.id
  JOIN documents c ON c.related_bill_nos @> ARRAY[p.bill_no] AND c.enterprise_uuid = p.enterprise_uuid
   AND c.doc_type = ANY(produce)
  UNION ALL
  SELECT m.n, 'fitted', f.doc_type, f.bill_no, f.biz_time, NULL, NULL, NULL, '', '', f.vin_sn
  FROM tracehub_trace_lot_docs(ents, items, lots, fit) m
  JOIN documents f ON f.id = m.id
  WHERE items[m.n] <> '' AND f.vin_sn <> ''
$$;
--> statement-breakpoint
-- Walking up across enterprises: who received a lot. For each delivery of the lot to a client partner: the
-- client's enterprise when settled, and the client's receipts (or fit rows) of the same lot from a supplier
-- partner settled as the delivering enterprise, under the client's codes for the item: those its supplier
-- mappings for that partner map to the delivered code, and the delivered code itself unless it is mapped.
CREATE FUNCTION tracehub_trace_clients(ents text[], items text[], lots text[], delivery integer[], receipt integer[], fit integer[]) RETURNS TABLE(n bigint, a_type integer, a_bill text, a_time timestamptz, client text, b_type integer, b_bill text, b_time timestamptz, item_code text, batch_no text, vin_sn text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH sent AS (
    SELECT m.n, d.enterprise_uuid AS supplier, se.usci AS supplier_usci, d.doc_type, d.bill_no, d.biz_time,
           d.item_code, ce.uuid AS client, items[m.n] = '' AS by_vin, lots[m.n] AS lot
    FROM tracehub_trace_lot_docs(ents, items, lots, delivery) m
    JOIN documents d ON d.id = m.id
    JOIN partners p ON p.id = d.partner_id AND p.partner_type = 'client'
    JOIN enterprises se ON se.uuid = d.enterprise_uuid
    LEFT JOIN enterprises ce ON ce.usci = p.usci AND ce.did IS NOT NULL
  )
  SELECT s.n, s.doc_type, s.bill_no, s.biz_time, s.client, rc.doc_type, rc.bill_no, rc.biz_time,
         rc.item_code, rc.batch_no, rc.vin_sn
  FROM sent s
  LEFT JOIN LATERAL (
    -- Fit rows of the lot (one per vehicle) stand for a receipt only when there is none: the first will do.
    SELECT DISTINCT ON (CASE WHEN r.doc_type = ANY(fit) THEN 0 ELSE r.id END)
           r.doc_type, r.bill_no, r.biz_time, r.item_code, r.batch_no, r.vin_sn
    FROM partners q
    CROSS JOIN LATERAL (
      SELECT mt.code
      FROM material_relations mr JOIN materials mt ON mt.id = mr.material_id
      WHERE mr.enterprise_uuid = s.client AND mr.direction = 'supplier' AND mr.partner_material_no = s.item_code
        AND (mr.partner_id = q.id OR (mr.partner_id IS NULL AND mr.partner_code = q.code))
      UNION
      SELECT s.item_code
      WHERE NOT EXISTS (
        SELECT 1 FROM material_relations mr JOIN materials mt ON mt.id = mr.material_id
        WHERE mr.enterprise_uuid = s.client AND mr.direction = 'supplier' AND mt.code = s.item_code
          AND (mr.partner_id = q.id OR (mr.partner_id IS NULL AND mr.partner_code = q.code))
      )
    ) own(code)
    -- By batch, or by VIN/SN (never a fit row's: that is the vehicle's), each under the client's own code.
    CROSS JOIN LATERAL (
      SELECT r.id, r.enterprise_uuid, r.doc_type, r.bill_no, r.biz_time, r.item_code, r.batch_no, r.vin_sn,
             r.partner_id
      FROM documents r
      WHERE NOT s.by_vin AND r.enterprise_uuid = s.client AND r.item_code = own.code AND r.batch_no = s.lot
        AND r.partner_id = q.id AND r.doc_type = ANY(receipt || fit)
      UNION ALL
      SELECT r.id, r.enterprise_uuid, r.doc_type, r.bill_no, r.biz_time, r.item_code, r.batch_no, r.vin_sn,
             r.partner_id
      FROM documents r
      WHERE s.by_vin AND r.vin_sn = s.lot AND r.vin_sn <> '' AND r.enterprise_uuid = s.client
        AND r.item_code = own.code AND r.partner_id = q.id AND r.doc_type = ANY(receipt)
    ) r
    WHERE q.enterprise_uuid = s.client AND q.partner_type = 'supplier' AND q.usci = s.supplier_usci
      AND (r.doc_type <> ALL(fit) OR NOT EXISTS (
        SELECT 1 FROM documents r2
        WHERE r2.enterprise_uuid = r.enterprise_uuid AND r2.item_code = r.item_code AND r2.batch_no = r.batch_no
          AND r2.partner_id = r.partner_id AND r2.doc_type = ANY(receipt)))
    ORDER BY CASE WHEN r.doc_type = ANY(fit) THEN 0 ELSE r.id END, r.biz_time, r.id
  ) rc ON s.client IS NOT NULL
$$;
--> statement-breakpoint
-- The identity of the enterprises a trace reached: certified ones (and the caller's own).
CREATE FUNCTION tracehub_trace_enterprises(uuids text[]) RETURNS TABLE(uuid text, usci text, name text, english_name text, did text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT e.uuid, e.usci, e.name, e.english_name, e.did FROM enterprises e
  WHERE e.uuid = ANY(uuids) AND (e.did IS NOT NULL OR e.uuid = tracehub_tenant())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_inputs(text[], text[], text[], integer[], integer[], integer[], integer[]) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_suppliers(text[], text[], text[], integer[], integer[], integer[]) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_outputs(text[], text[], text[], integer[], integer[], integer[]) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_clients(text[], text[], text[], integer[], integer[], integer[]) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_trace_enterprises(text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_inputs(text[], text[], text[], integer[], integer[], integer[], integer[]) TO tracehub_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_suppliers(text[], text[], text[], integer[], integer[], integer[]) TO tracehub_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_outputs(text[], text[], text[], integer[], integer[], integer[]) TO tracehub_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_clients(text[], text[], text[], integer[], integer[], integer[]) TO tracehub_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_trace_enterprises(text[]) TO tracehub_app;
--> statement-breakpoint
-- Every step of a trace up looks completions up by the pickings they name (documents_related_idx). A GIN
-- index's pending list of fresh entries is scanned whole by every such lookup until a vacuum merges it, and
-- PGlite has no autovacuum: entries go straight into the index instead.
ALTER INDEX documents_related_idx SET (fastupdate = off);
