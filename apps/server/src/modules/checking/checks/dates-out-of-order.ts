import { sql } from 'drizzle-orm';
import { RETURN_TYPES, SCOPE_DOCS, docCite, roleTypes, rowsOf, type Check } from './types.ts';

/**
 * Dates out of order along the chain: a lot picked, delivered, returned or fitted before it first came in
 * (received or produced), or a completion dated before the picking it names.
 */
export const datesOutOfOrder: Check = {
  id: 'dates-out-of-order',
  version: 1,
  level: 'urgent',
  name: { zh: '日期顺序错误', en: 'Dates out of order' },
  description: {
    zh: '批次的领用、发货、退货、装车不应早于其收货或生产；完工不应早于其关联的领用',
    en: 'A lot is not picked, delivered, returned or fitted before it was received or produced; a completion is not dated before the picking it names',
  },
  appliesTo: ['internal', 'linked'],
  async run({ tx, enterpriseUuid }) {
    const inTypes = sql`(${roleTypes('receipt')} || ${roleTypes('produce')})`;
    const outTypes = sql`(${roleTypes('consume')} || ${roleTypes('delivery')} || ${roleTypes('fit')} || ${RETURN_TYPES()})`;
    type Row = {
      id: number;
      docType: number;
      billNo: string;
      vin: string;
      early: boolean;
      refId: number | null;
      refType: number | null;
      refBill: string | null;
    };
    const rows = await rowsOf<Row>(
      tx,
      sql`select d.id, d.doc_type as "docType", d.bill_no as "billNo", d.vin_sn as vin,
            ((fi.id is not null and d.biz_time < fi.biz_time) or rc.id is not null) as early,
            coalesce(rc.id, fi.id) as "refId", coalesce(rc.doc_type, fi.doc_type) as "refType",
            coalesce(rc.bill_no, fi.bill_no) as "refBill"
          from ${SCOPE_DOCS} s join documents d on d.id = s.id
          left join lateral (
            select i.id, i.doc_type, i.bill_no, i.biz_time from documents i
            where d.doc_type = any(${outTypes}) and d.batch_no <> ''
              and i.enterprise_uuid = ${enterpriseUuid} and i.item_code = d.item_code
              and i.batch_no = d.batch_no and i.doc_type = any(${inTypes})
            order by i.biz_time limit 1
          ) fi on true
          left join lateral (
            select c.id, c.doc_type, c.bill_no from documents c
            where d.doc_type = any(${roleTypes('produce')}) and cardinality(d.related_bill_nos) > 0
              and c.enterprise_uuid = ${enterpriseUuid} and c.bill_no = any(d.related_bill_nos)
              and c.doc_type = any(${roleTypes('consume')}) and c.biz_time > d.biz_time
            limit 1
          ) rc on true
          where d.doc_type = any(${outTypes} || ${roleTypes('produce')})`,
    );
    return rows.map((r) => ({
      subject: `dates:${r.docType}/${r.billNo}/${r.id}`,
      outcome: r.early ? 'fail' : 'pass',
      vins: r.vin ? [r.vin] : [],
      cited: [
        docCite(r),
        ...(r.refId !== null
          ? [docCite({ id: r.refId, docType: r.refType ?? 0, billNo: r.refBill ?? '' })]
          : []),
      ],
      message: {
        zh: `单据 ${r.billNo} 的日期早于 ${r.refBill ?? ''}`,
        en: `Document ${r.billNo} is dated before ${r.refBill ?? ''}`,
      },
    }));
  },
};
