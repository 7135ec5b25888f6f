import { sql } from 'drizzle-orm';
import { RETURN_TYPES, SCOPE_DOCS, cites, citedDocs, roleTypes, rowsOf, type Check } from './types.ts';

/**
 * A lot of the scope from which more left (picked for production, delivered, returned) than came in
 * (received, produced), beyond the package's tolerance. A lot with nothing recorded coming in is left to
 * the other checks: there is no balance to speak of.
 */
export const lotBalance: Check = {
  id: 'lot-balance',
  version: 1,
  level: 'urgent',
  name: { zh: '数量不平衡', en: 'Quantities do not balance' },
  description: {
    zh: '同一批次的领用、发货和退货数量之和不应超过收货和生产数量（允许容差）',
    en: "What leaves a lot (picking, delivery, return) does not exceed what came in (receipt, production), within the package's tolerance",
  },
  appliesTo: ['internal', 'linked'],
  async run({ tx, params, enterpriseUuid }) {
    const inTypes = sql`(${roleTypes('receipt')} || ${roleTypes('produce')})`;
    const outTypes = sql`(${roleTypes('consume')} || ${roleTypes('delivery')} || ${RETURN_TYPES()})`;
    const rows = await rowsOf<{ item: string; batch: string; qin: string; qout: string; cited: unknown }>(
      tx,
      sql`with lots as (
            select distinct d.item_code, d.batch_no from ${SCOPE_DOCS} s join documents d on d.id = s.id
            where d.batch_no <> '' and d.item_code <> '')
          select l.item_code as item, l.batch_no as batch,
            coalesce(sum(d.quantity) filter (where d.doc_type = any(${inTypes})), 0)::text as qin,
            coalesce(sum(d.quantity) filter (where d.doc_type = any(${outTypes})), 0)::text as qout,
            ${citedDocs('d')} filter (where d.doc_type = any(${inTypes} || ${outTypes})) as cited
          from lots l join documents d on d.enterprise_uuid = ${enterpriseUuid}
            and d.item_code = l.item_code and d.batch_no = l.batch_no
          group by l.item_code, l.batch_no
          having coalesce(sum(d.quantity) filter (where d.doc_type = any(${inTypes})), 0) > 0`,
    );
    return rows.map((r) => {
      const qin = Number(r.qin);
      const qout = Number(r.qout);
      const ok = qout <= qin * (1 + params.tolerance);
      return {
        subject: `lot:${r.item}/${r.batch}`,
        outcome: ok ? 'pass' : 'fail',
        cited: cites(r.cited),
        message: {
          zh: `批次 ${r.item}/${r.batch} 出库 ${qout} 超过入库 ${qin}`,
          en: `Lot ${r.item}/${r.batch}: ${qout} left it but only ${qin} came in`,
        },
      };
    });
  },
};
