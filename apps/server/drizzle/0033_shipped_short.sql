-- Troubleshooting's "shipped in smaller quantity" (modules/checking/checks/receipt-not-shipped.ts): for the
-- caller's receipts of the given lots, whether the settled direct supplier recorded shipping the caller less
-- of the lot than the caller recorded receiving. Like the trace functions of 0011 it reads another
-- enterprise's rows, so it is a SECURITY DEFINER function with a narrow answer:
-- * only the comparison (short or not), never a quantity;
-- * only the caller's own receipts (the enterprise is tracehub_tenant(), not a parameter), and only the
--   supplier's deliveries addressed to the caller (a client partner with the caller's USCI): what the
--   supplier says it shipped to the caller, which the caller is entitled to compare with what it received.
-- A lot the supplier never shipped to the caller answers no row (tracehub_trace_suppliers tells that case).
-- The supplier's item code is the caller's mapping of its code for that partner, as in the trace.
CREATE FUNCTION tracehub_check_shipped_short(items text[], lots text[], receipt integer[], delivery integer[]) RETURNS TABLE(n bigint, partner_id integer, short boolean) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH keys AS (
    SELECT k.item, k.lot, k.n FROM unnest(items, lots) WITH ORDINALITY AS k(item, lot, n) WHERE k.item <> ''
  ),
  received AS (
    SELECT k.n, k.item, k.lot, r.partner_id, p.code AS partner_code, se.uuid AS supplier,
           ce.usci AS client_usci, r.enterprise_uuid AS client, sum(coalesce(r.quantity, 0)) AS qty
    FROM keys k
    JOIN documents r ON r.enterprise_uuid = tracehub_tenant() AND r.item_code = k.item AND r.batch_no = k.lot
     AND r.doc_type = ANY(receipt)
    JOIN partners p ON p.id = r.partner_id AND p.enterprise_uuid = r.enterprise_uuid AND p.partner_type = 'supplier'
    JOIN enterprises ce ON ce.uuid = r.enterprise_uuid
    JOIN enterprises se ON se.usci = p.usci AND se.did IS NOT NULL
    GROUP BY k.n, k.item, k.lot, r.partner_id, p.code, se.uuid, ce.usci, r.enterprise_uuid
  ),
  coded AS (
    SELECT rc.*, coalesce(mp.partner_material_no, rc.item) AS supplier_item
    FROM received rc
    LEFT JOIN LATERAL (
      SELECT mr.partner_material_no
      FROM material_relations mr JOIN materials mt ON mt.id = mr.material_id
      WHERE mr.enterprise_uuid = rc.client AND mr.direction = 'supplier' AND mt.code = rc.item
        AND (mr.partner_id = rc.partner_id OR (mr.partner_id IS NULL AND mr.partner_code = rc.partner_code))
      LIMIT 1
    ) mp ON true
  )
  SELECT c.n, c.partner_id, sh.qty < c.qty
  FROM coded c
  JOIN LATERAL (
    SELECT sum(coalesce(d.quantity, 0)) AS qty, count(*) AS docs
    FROM documents d
    JOIN partners q ON q.id = d.partner_id AND q.enterprise_uuid = c.supplier AND q.partner_type = 'client'
     AND q.usci = c.client_usci
    WHERE d.enterprise_uuid = c.supplier AND d.item_code = c.supplier_item AND d.batch_no = c.lot
      AND d.doc_type = ANY(delivery)
  ) sh ON sh.docs > 0
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tracehub_check_shipped_short(text[], text[], integer[], integer[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tracehub_check_shipped_short(text[], text[], integer[], integer[]) TO tracehub_app;
