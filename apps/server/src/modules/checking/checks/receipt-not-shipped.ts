import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { lotSuppliers, type LotKey } from '../../trace/public.ts';
import { SCOPE_DOCS, docCite, roleTypes, rowsOf, type Check, type CheckResult } from './types.ts';

/**
 * A batch received that the supplier never shipped, or shipped in smaller quantity: the supplier's matching
 * delivery is read the way the trace reads it (trace/public.ts, link-level columns only), the quantities
 * compared by tracehub_check_shipped_short (migration 0033), which answers the comparison and never the
 * supplier's quantity. A supplier not settled on the platform has no data to compare with: the outcome is
 * unknown, never a pass.
 */
export const receiptNotShipped: Check = {
  id: 'receipt-not-shipped',
  version: 2,
  level: 'fatal',
  name: {
    zh: '收货批次供应商未发货或少发',
    en: 'Batch received but not shipped, or shipped short, by the supplier',
  },
  description: {
    zh: '每个收货批次都应能在直接供应商处找到对应的发货记录，且发货数量不少于收货数量',
    en: 'Every batch received has a matching delivery recorded by the direct supplier, of at least the quantity received',
  },
  appliesTo: ['linked'],
  async run({ tx, enterpriseUuid, supplierIds }) {
    const receipts = await rowsOf<{
      id: number;
      docType: number;
      billNo: string;
      item: string;
      batch: string;
      partnerId: number | null;
    }>(
      tx,
      sql`select d.id, d.doc_type as "docType", d.bill_no as "billNo", d.item_code as item, d.batch_no as batch,
                 d.partner_id as "partnerId"
          from ${SCOPE_DOCS} s join documents d on d.id = s.id
          where d.doc_type = any(${roleTypes('receipt')}) and d.item_code <> '' and d.batch_no <> ''
            and (cardinality(${sql.param([...supplierIds])}::int[]) = 0
              or d.partner_id = any(${sql.param([...supplierIds])}::int[]))`,
    );
    const keys: LotKey[] = [];
    const keyIndex = new Map<string, number>();
    for (const r of receipts) {
      const k = `${r.item}\u0000${r.batch}`;
      if (!keyIndex.has(k)) {
        keyIndex.set(k, keys.length);
        keys.push({ ent: enterpriseUuid, item: r.item, lot: r.batch });
      }
    }
    const links = await lotSuppliers(tx, keys);
    const short = await shippedShort(tx, keys);
    return receipts.map((r): CheckResult => {
      const index = keyIndex.get(`${r.item}\u0000${r.batch}`);
      const mine = links.filter((l) => l.index === index && l.a.billNo === r.billNo);
      const shipped = mine.find((l) => l.b !== null);
      const supplier = mine.find((l) => l.other !== null)?.other ?? null;
      const subject = `received:${r.billNo}/${r.item}/${r.batch}`;
      const cited = [docCite(r)];
      if (shipped && short.has(`${index}/${r.partnerId}`) && supplier)
        return {
          subject,
          outcome: 'fail',
          companyUuid: supplier,
          cited,
          message: {
            zh: `收货 ${r.billNo} 批次 ${r.batch}：供应商记录的发货数量少于收货数量`,
            en: `Receipt ${r.billNo} lot ${r.batch}: the supplier recorded shipping less than was received`,
          },
        };
      if (shipped) return { subject, outcome: 'pass', cited, message: { zh: '', en: '' } };
      if (!supplier)
        return {
          subject,
          outcome: 'unknown',
          cited,
          message: {
            zh: `收货 ${r.billNo} 批次 ${r.batch}：供应商未入驻平台，缺少其发货数据`,
            en: `Receipt ${r.billNo} lot ${r.batch}: the supplier is not on the platform, its delivery data is missing`,
          },
        };
      return {
        subject,
        outcome: 'fail',
        companyUuid: supplier,
        cited,
        message: {
          zh: `收货 ${r.billNo} 批次 ${r.batch}：供应商没有对应的发货记录`,
          en: `Receipt ${r.billNo} lot ${r.batch}: the supplier recorded no matching delivery`,
        },
      };
    });
  },
};

/** The (key position, partner id) pairs whose settled supplier shipped the caller less than it received. */
async function shippedShort(tx: Db, keys: readonly LotKey[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await rowsOf<{ n: number | string; partnerId: number; short: boolean }>(
    tx,
    sql`select n, partner_id as "partnerId", short
        from tracehub_check_shipped_short(${sql.param(keys.map((k) => k.item))}::text[],
          ${sql.param(keys.map((k) => k.lot))}::text[], ${roleTypes('receipt')}, ${roleTypes('delivery')})`,
  );
  return new Set(rows.filter((r) => r.short).map((r) => `${Number(r.n) - 1}/${r.partnerId}`));
}
