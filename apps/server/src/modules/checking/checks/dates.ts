import { sql, type SQL } from 'drizzle-orm';
import type { TBilingual, TCheckLevel } from '@tracehub/contract';
import { day, epoch, lotFacts, relatedLinks, vinFacts } from './facts.ts';
import { RETURN_TYPES, docTypes, roleTypes } from './sql.ts';
import { runSubjects, subjectRow, unionOf } from './subjects.ts';
import { BOTH, type CheckDef, type CheckKind } from './types.ts';

/*
 * Dates out of order along the chain, one check per pair of stages. A record is judged against what must
 * precede it, found by one of three links: its lot (goods picked, delivered, fitted or returned before the
 * lot first came in), its related numbers (a receipt dated before its order, a payment before its invoice),
 * its VIN (a vehicle sold before it was built); and a shipment's own arrival against its departure.
 */

type Link =
  /** The earliest receipt or completion of the record's lot. */
  | { by: 'lot' }
  /** The documents its related numbers name, of these types. */
  | { by: 'related'; earlier: readonly string[] }
  /** The VIN's production completion. */
  | { by: 'vin' }
  /** A shipment's departure (its own fields). */
  | { by: 'shipment' };

interface DateCheck extends CheckDef {
  later: () => SQL;
  link: Link;
}

function pair(
  id: string,
  level: TCheckLevel,
  later: () => SQL,
  link: Link,
  name: TBilingual,
  description: TBilingual,
): DateCheck {
  return { id: `dates:${id}`, version: 1, level, name, description, appliesTo: BOTH, later, link };
}

const types =
  (...codes: string[]) =>
  () =>
    docTypes(...codes);
const LOT: Link = { by: 'lot' };
const related = (...earlier: string[]): Link => ({ by: 'related', earlier });

const CHECKS: readonly DateCheck[] = [
  pair(
    'picked-before-in',
    'urgent',
    () => roleTypes('consume'),
    LOT,
    { zh: '领料早于批次入库', en: 'Picked before the lot came in' },
    {
      zh: '生产领料不应早于该批次最早的收货或完工入库',
      en: 'A lot is not picked for production before it was first received or produced',
    },
  ),
  pair(
    'delivered-before-in',
    'urgent',
    () => roleTypes('delivery'),
    LOT,
    { zh: '发货早于批次入库', en: 'Delivered before the lot came in' },
    {
      zh: '销售出库不应早于该批次最早的收货或完工入库',
      en: 'A lot is not delivered before it was first received or produced',
    },
  ),
  pair(
    'fitted-before-in',
    'urgent',
    () => roleTypes('fit'),
    LOT,
    { zh: '装车早于批次入库', en: 'Fitted before the lot came in' },
    {
      zh: '零部件装车不应早于该批次最早的收货或完工入库',
      en: 'A part lot is not fitted into a vehicle before it was first received or produced',
    },
  ),
  pair(
    'returned-before-in',
    'urgent',
    RETURN_TYPES,
    LOT,
    { zh: '退货早于批次入库', en: 'Returned before the lot came in' },
    {
      zh: '采购退货不应早于该批次最早的收货',
      en: 'A lot is not returned to its supplier before it was first received',
    },
  ),
  pair(
    'completed-before-picking',
    'urgent',
    () => roleTypes('produce'),
    related('ProductionStart'),
    { zh: '完工早于关联的领料', en: 'Completed before its picking' },
    {
      zh: '完工入库不应早于其关联的生产领料',
      en: 'A completion is not dated before the picking it names',
    },
  ),
  pair(
    'received-before-order',
    'minor',
    types('PurchaseReceipt', 'PurchaseReceiptSteel'),
    related('PurchaseContract'),
    { zh: '收货早于采购订单', en: 'Received before its purchase order' },
    {
      zh: '采购入库不应早于其关联的采购订单',
      en: 'A receipt is not dated before the purchase order it names',
    },
  ),
  pair(
    'invoiced-before-order',
    'minor',
    types('PurchaseInvoice'),
    related('PurchaseContract'),
    { zh: '采购发票早于采购订单', en: 'Purchase invoice before its order' },
    {
      zh: '采购发票不应早于其关联的采购订单',
      en: 'A purchase invoice is not dated before the purchase order it names',
    },
  ),
  pair(
    'paid-before-invoice',
    'minor',
    types('PurchasePay'),
    related('PurchaseInvoice'),
    { zh: '付款早于发票', en: 'Paid before its invoice' },
    {
      zh: '付款凭证不应早于其关联的采购发票',
      en: 'A payment voucher is not dated before the purchase invoice it pays',
    },
  ),
  pair(
    'delivered-before-contract',
    'minor',
    types('SaleDelivery', 'SaleDeliverySteel'),
    related('SaleContract'),
    { zh: '发货早于销售合同', en: 'Delivered before its sales contract' },
    {
      zh: '销售出库不应早于其关联的销售合同',
      en: 'A delivery is not dated before the sales contract it names',
    },
  ),
  pair(
    'invoiced-before-contract',
    'minor',
    types('SaleInvoice'),
    related('SaleContract'),
    { zh: '销售发票早于销售合同', en: 'Sales invoice before its contract' },
    {
      zh: '销售发票不应早于其关联的销售合同',
      en: 'A sales invoice is not dated before the sales contract it names',
    },
  ),
  pair(
    'collected-before-invoice',
    'minor',
    types('SaleReceipt'),
    related('SaleInvoice'),
    { zh: '收款早于发票', en: 'Collected before its invoice' },
    {
      zh: '收款凭证不应早于其关联的销售发票',
      en: 'A collection voucher is not dated before the sales invoice it collects',
    },
  ),
  pair(
    'warranty-before-delivery',
    'minor',
    types('SaleWarranty'),
    related('SaleDelivery'),
    { zh: '质保早于发货', en: 'Warranty before its delivery' },
    { zh: '质保单不应早于其关联的销售出库', en: 'A warranty bill is not dated before the delivery it names' },
  ),
  pair(
    'shipped-before-delivery',
    'urgent',
    types('LogisticsTrans'),
    related('SaleDelivery'),
    { zh: '发运早于销售出库', en: 'Shipped before its delivery' },
    { zh: '发运单不应早于其关联的销售出库', en: 'A shipment is not dated before the delivery it carries' },
  ),
  pair(
    'arrived-before-departure',
    'minor',
    types('LogisticsTrans'),
    { by: 'shipment' },
    { zh: '到货早于发货', en: 'Arrived before it left' },
    { zh: '发运单的到货时间不应早于发货时间', en: "A shipment's arrival is not before its departure" },
  ),
  pair(
    'sold-before-built',
    'fatal',
    () => roleTypes('vehicle'),
    { by: 'vin' },
    { zh: '整车销售早于完工', en: 'Vehicle sold before it was built' },
    {
      zh: '整车销售（A1-1）不应早于该VIN的生产完工',
      en: 'A vehicle is not sold (A1-1) before its VIN was completed',
    },
  ),
  pair(
    'handed-over-before-built',
    'urgent',
    types('InternalA14'),
    { by: 'vin' },
    { zh: '整车交付早于完工', en: 'Vehicle delivered before it was built' },
    {
      zh: '整车交付（A1-4）不应早于该VIN的生产完工',
      en: 'A vehicle is not handed over (A1-4) before its VIN was completed',
    },
  ),
  pair(
    'exported-before-built',
    'urgent',
    types('InternalA21'),
    { by: 'vin' },
    { zh: '整车出口早于完工', en: 'Vehicle exported before it was built' },
    {
      zh: '整车出口（A2-1）不应早于该VIN的生产完工',
      en: 'A vehicle is not exported (A2-1) before its VIN was completed',
    },
  ),
];

const subject = sql`'dates:' || d.doc_type || '/' || d.bill_no || '/' || d.id`;
const early = (at: SQL) => sql`case when d.biz_time < ${at} then 'fail' else 'pass' end`;
const facts = (refBill: SQL, refAt: SQL) =>
  sql`jsonb_build_object('bill', d.bill_no, 'at', ${epoch(sql`d.biz_time`)}, 'ref', ${refBill}, 'refAt', ${epoch(refAt)})`;

async function rows(ctx: Parameters<CheckKind['run']>[0], c: DateCheck): Promise<SQL> {
  const docs = ctx.scope.docs;
  const of = sql`d.in_scope and d.doc_type = any(${c.later()})`;
  switch (c.link.by) {
    case 'lot': {
      const lots = await lotFacts(ctx);
      return sql`select ${subjectRow({
        check: c.id,
        subject,
        outcome: early(sql`l.first_in`),
        vin: sql`nullif(d.vin_sn, '')`,
        docs: sql`array[d.id, l.first_in_id]`,
        facts: facts(sql`l.first_in_bill`, sql`l.first_in`),
      })} from ${docs} d join ${lots} l on l.item_code = d.item_code and l.batch_no = d.batch_no
        where ${of} and d.batch_no <> '' and l.first_in is not null`;
    }
    case 'related': {
      const links = await relatedLinks(ctx);
      const earlier = docTypes(...c.link.earlier);
      return sql`select ${subjectRow({
        check: c.id,
        subject,
        outcome: early(sql`k.t_time`),
        vin: sql`nullif(d.vin_sn, '')`,
        docs: sql`array[d.id, k.t_id]`,
        facts: facts(sql`k.t_bill`, sql`k.t_time`),
      })} from ${docs} d join (select distinct on (k.id) k.id, k.t_id, k.t_bill, k.t_time from ${links} k
            where k.t_type = any(${earlier}) order by k.id, k.t_time desc) k on k.id = d.id
        where ${of}`;
    }
    case 'vin': {
      const vins = await vinFacts(ctx);
      return sql`select ${subjectRow({
        check: c.id,
        subject,
        outcome: early(sql`v.built_at`),
        vin: sql`d.vin_sn`,
        docs: sql`array[d.id, v.built_id]`,
        facts: facts(sql`v.built_bill`, sql`v.built_at`),
      })} from ${docs} d join ${vins} v on v.vin = d.vin_sn
        where ${of} and v.built_at is not null`;
    }
    case 'shipment': {
      const at = (k: string) => sql`(d.extra ->> ${k})::numeric`;
      return sql`select ${subjectRow({
        check: c.id,
        subject,
        outcome: sql`case when ${at('arrivalDate')} < ${at('checkoutDate')} then 'fail' else 'pass' end`,
        docs: sql`array[d.id]`,
        facts: sql`jsonb_build_object('bill', d.bill_no, 'at', ${at('arrivalDate')}, 'ref', d.bill_no, 'refAt', ${at('checkoutDate')})`,
      })} from ${docs} d where ${of}
        and jsonb_typeof(d.extra -> 'arrivalDate') = 'number' and jsonb_typeof(d.extra -> 'checkoutDate') = 'number'`;
    }
  }
}

export const datesKind: CheckKind<DateCheck> = {
  id: 'dates',
  name: { zh: '日期顺序', en: 'Dates in order' },
  description: {
    zh: '链条上的单据日期应符合业务先后顺序',
    en: 'The dates along the chain follow the order of the business',
  },
  checks: CHECKS,
  async run(ctx, chosen) {
    const parts: SQL[] = [];
    for (const c of chosen) parts.push(await rows(ctx, c));
    return runSubjects(ctx, chosen, unionOf(parts), (check, row) => {
      const f = row.facts ?? {};
      if (check.link.by === 'shipment')
        return {
          zh: `发运单 ${f.bill} 的到货时间（${day(f.at)}）早于发货时间（${day(f.refAt)}）`,
          en: `Shipment ${f.bill} arrived (${day(f.at)}) before it left (${day(f.refAt)})`,
        };
      return {
        zh: `单据 ${f.bill}（${day(f.at)}）早于 ${f.ref}（${day(f.refAt)}）：${check.name.zh}`,
        en: `Document ${f.bill} (${day(f.at)}) is dated before ${f.ref} (${day(f.refAt)}): ${check.name.en}`,
      };
    });
  },
};
