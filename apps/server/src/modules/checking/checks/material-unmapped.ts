import { sql } from 'drizzle-orm';
import { SCOPE_DOCS, cites, citedDocs, roleTypes, rowsOf, type Check } from './types.ts';

/** A material received from (or fitted from) a supplier without a mapping to the supplier's code. */
export const materialUnmapped: Check = {
  id: 'material-unmapped',
  version: 1,
  level: 'minor',
  name: { zh: '供应商物料未映射', en: 'Supplier material without a mapping' },
  description: {
    zh: '从供应商收货或装车的物料应在物料映射中关联到该供应商的物料编码',
    en: "A material received from or fitted from a supplier is mapped to the supplier's material code",
  },
  appliesTo: ['internal', 'linked'],
  async run({ tx }) {
    const rows = await rowsOf<{ partnerId: number; item: string; mapped: boolean; cited: unknown }>(
      tx,
      sql`select d.partner_id as "partnerId", d.item_code as item,
            exists (select 1 from material_relations r
              left join materials m on m.id = r.material_id
              left join products p on p.id = r.product_id
              where r.direction = 'supplier' and r.partner_id = d.partner_id
                and (m.code = d.item_code or p.code = d.item_code)) as mapped,
            ${citedDocs('d')} as cited
          from ${SCOPE_DOCS} s join documents d on d.id = s.id
          where d.partner_id is not null and d.item_code <> ''
            and d.doc_type = any(${roleTypes('receipt')} || ${roleTypes('fit')})
          group by d.partner_id, d.item_code`,
    );
    return rows.map((r) => {
      const partner = cites(r.cited)[0]?.label ?? '';
      return {
        subject: `mapping:${r.partnerId}/${r.item}`,
        outcome: r.mapped ? 'pass' : 'fail',
        cited: [{ type: 'partner', id: Number(r.partnerId), label: String(r.partnerId) }, ...cites(r.cited)],
        message: {
          zh: `物料 ${r.item} 未映射到供应商物料（单据 ${partner}）`,
          en: `Material ${r.item} has no mapping to the supplier's material (document ${partner})`,
        },
      };
    });
  },
};
