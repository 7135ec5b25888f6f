import { sql } from 'drizzle-orm';
import { SCOPE_VINS, cites, citedDocs, roleTypes, rowsOf, type Check } from './types.ts';

/**
 * A part fitted into a VIN whose cost is at least the package's share (0.1 %) of the VIN's fitted parts,
 * without source data: no receipt of its lot from a supplier settled on the platform. The cost of a fitted
 * lot is its quantity times the lot's average receipt price; a part of a VIN with a lot of unknown price
 * leaves its share unknown.
 */
export const highCostPartWithoutSource: Check = {
  id: 'high-cost-part-without-source',
  version: 1,
  level: 'urgent',
  name: { zh: '高成本零部件缺少来源数据', en: 'High-cost part without source data' },
  description: {
    zh: '成本占比不低于阈值（0.1%）的装车零部件，应有来自已入驻供应商的收货来源数据',
    en: 'A fitted part whose cost share is at least the threshold (0.1 %) has source data: a receipt from a supplier settled on the platform',
  },
  appliesTo: ['internal', 'linked'],
  async run({ tx, enterpriseUuid, params }) {
    type Row = {
      vin: string;
      item: string;
      batch: string;
      cost: string | null;
      total: string | null;
      priced: boolean;
      sourced: boolean;
      cited: unknown;
    };
    const rows = await rowsOf<Row>(
      tx,
      sql`with parts as (
            select v.vin, f.item_code, f.batch_no, sum(f.quantity) as qty,
              ${citedDocs('f')} as cited
            from ${SCOPE_VINS} v join documents f on f.vin_sn = v.vin and f.enterprise_uuid = ${enterpriseUuid}
            where f.doc_type = any(${roleTypes('fit')}) and f.batch_no <> ''
            group by v.vin, f.item_code, f.batch_no),
          priced as (
            select p.*, (select avg(r.unit_price) from documents r
                where r.enterprise_uuid = ${enterpriseUuid} and r.item_code = p.item_code
                  and r.batch_no = p.batch_no and r.doc_type = any(${roleTypes('receipt')})) as price,
              exists (select 1 from documents r join partners sp on sp.id = r.partner_id
                where r.enterprise_uuid = ${enterpriseUuid} and r.item_code = p.item_code
                  and r.batch_no = p.batch_no and r.doc_type = any(${roleTypes('receipt')})
                  and sp.partner_enterprise_uuid is not null) as sourced
            from parts p)
          select vin, item_code as item, batch_no as batch, (qty * price)::text as cost,
            (sum(qty * price) over (partition by vin))::text as total,
            bool_and(price is not null) over (partition by vin) as priced, sourced, cited
          from priced`,
    );
    return rows.map((r) => {
      const subject = `part:${r.vin}/${r.item}/${r.batch}`;
      if (r.sourced)
        return { subject, outcome: 'pass', vins: [r.vin], cited: [], message: { zh: '', en: '' } };
      const share = r.priced && Number(r.total) > 0 ? Number(r.cost) / Number(r.total) : null;
      return {
        subject,
        outcome: share === null ? 'unknown' : share >= params.costShareThreshold ? 'fail' : 'pass',
        vins: [r.vin],
        cited: cites(r.cited, 5),
        message:
          share === null
            ? {
                zh: `VIN ${r.vin} 的零部件 ${r.item}/${r.batch} 缺少价格，无法计算成本占比`,
                en: `Part ${r.item}/${r.batch} of VIN ${r.vin}: prices are missing, its cost share is unknown`,
              }
            : {
                zh: `VIN ${r.vin} 的高成本零部件 ${r.item}/${r.batch}（占比 ${(share * 100).toFixed(2)}%）缺少来源数据`,
                en: `High-cost part ${r.item}/${r.batch} of VIN ${r.vin} (share ${(share * 100).toFixed(2)} %) has no source data`,
              },
      };
    });
  },
};
