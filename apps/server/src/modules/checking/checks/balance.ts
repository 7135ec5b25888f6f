import { sql, type SQL } from 'drizzle-orm';
import { documentType, type TBilingual, type TCheckParams } from '@tracehub/contract';
import { capital, lotFacts, num, typeName } from './facts.ts';
import { docTypes } from './sql.ts';
import { passIf, runSubjects, subjectRow, unionOf, type Facts } from './subjects.ts';
import { BOTH, type CheckDef, type CheckKind } from './types.ts';

/*
 * Quantities and amounts that must balance: what leaves a lot against what came in (per stage of the
 * lot's life: picked, fitted, received against its packing list, shipped against its deliveries), and what
 * documents claim against the order, contract or invoice they name. Each within the package's tolerance.
 */

interface BalanceCheck extends CheckDef {
  /** The check's rows (subjectRow) from the lot facts `l` or the documents. */
  rows(lots: SQL, params: TCheckParams, docs: SQL): SQL;
  message(f: Facts): TBilingual;
}

/** Over the tolerance: `left` more than `right` allows. */
const within = (left: SQL, right: SQL, params: TCheckParams) =>
  passIf(sql`${left} <= ${right} * (1 + ${params.tolerance}::numeric)`);

/** A lot check: `subject` prefix, the lots it judges (`where` over `l`), the balance and its facts. */
function lotCheck(c: {
  id: string;
  prefix: string;
  name: TBilingual;
  description: TBilingual;
  where: SQL;
  left: SQL;
  right: SQL;
  message: (f: Facts) => TBilingual;
}): BalanceCheck {
  return {
    id: c.id,
    version: 1,
    level: 'urgent',
    name: c.name,
    description: c.description,
    appliesTo: BOTH,
    rows: (lots, params) =>
      sql`select ${subjectRow({
        check: c.id,
        subject: sql`${`${c.prefix}:`}::text || l.item_code || '/' || l.batch_no`,
        outcome: within(c.left, c.right, params),
        docs: sql`l.ids`,
        facts: sql`jsonb_build_object('lot', l.item_code || '/' || l.batch_no, 'left', (${c.left})::text,
          'right', (${c.right})::text, 'returned', l.q_returned::text)`,
      })} from ${lots} l where l.in_scope and ${c.where}`,
    message: c.message,
  };
}

const LOT_CHECKS: readonly BalanceCheck[] = [
  lotCheck({
    id: 'lot-balance',
    prefix: 'lot',
    name: { zh: '数量不平衡', en: 'Quantities do not balance' },
    description: {
      zh: '同一批次的领用、发货和退货数量之和不应超过收货和生产数量（允许容差）',
      en: "What leaves a lot (picking, delivery, return) does not exceed what came in (receipt, production), within the package's tolerance",
    },
    where: sql`l.q_in > 0`,
    left: sql`l.q_out`,
    right: sql`l.q_in`,
    message: (f) => ({
      zh: `批次 ${f.lot} 出库 ${num(f.left)} 超过入库 ${num(f.right)}`,
      en: `Lot ${f.lot}: ${num(f.left)} left it but only ${num(f.right)} came in`,
    }),
  }),
  lotCheck({
    id: 'lot-balance:fitted',
    prefix: 'lot-fit',
    name: { zh: '装车数量超过批次库存', en: 'More fitted than the lot holds' },
    description: {
      zh: '装入车辆的零部件数量不应超过该批次入库减去退货的数量（允许容差）',
      en: "The parts of a lot fitted into vehicles do not exceed what came in less what was returned, within the package's tolerance",
    },
    where: sql`l.q_fit > 0 and l.q_in > 0`,
    left: sql`l.q_fit`,
    right: sql`(l.q_in - l.q_returned)`,
    message: (f) => ({
      zh: `批次 ${f.lot} 装车 ${num(f.left)}，超过入库减退货后的 ${num(f.right)}`,
      en: `Lot ${f.lot}: ${num(f.left)} fitted into vehicles, more than the ${num(f.right)} that came in and stayed`,
    }),
  }),
  lotCheck({
    id: 'lot-balance:packing',
    prefix: 'lot-packing',
    name: { zh: '收货数量超过装箱单', en: 'More received than the packing list' },
    description: {
      zh: '批次的收货数量不应超过其采购装箱单的数量（允许容差）',
      en: "What a lot's receipts record does not exceed its purchase packing lists, within the package's tolerance",
    },
    where: sql`l.q_packed_in > 0 and l.q_received > 0`,
    left: sql`l.q_received`,
    right: sql`l.q_packed_in`,
    message: (f) => ({
      zh: `批次 ${f.lot} 收货 ${num(f.left)}，超过装箱单的 ${num(f.right)}`,
      en: `Lot ${f.lot}: ${num(f.left)} received, more than the ${num(f.right)} of its packing lists`,
    }),
  }),
  lotCheck({
    id: 'lot-balance:shipped',
    prefix: 'lot-shipped',
    name: { zh: '发运数量超过销售出库', en: 'More shipped than delivered' },
    description: {
      zh: '批次物流装箱单的数量不应超过其销售出库数量（允许容差）',
      en: "What a lot's shipping packing lists carry does not exceed what was delivered of it, within the package's tolerance",
    },
    where: sql`l.q_packed_out > 0`,
    left: sql`l.q_packed_out`,
    right: sql`l.q_delivered`,
    message: (f) => ({
      zh: `批次 ${f.lot} 物流装箱 ${num(f.left)}，超过销售出库的 ${num(f.right)}`,
      en: `Lot ${f.lot}: ${num(f.left)} on shipping packing lists, more than the ${num(f.right)} delivered`,
    }),
  }),
];

/**
 * Documents of `namers` that name a `target` (by its number) claim no more money than it holds: the sum of
 * their lines in the target's currency against the sum of its lines.
 */
function amountCheck(id: string, namers: readonly string[], target: string): BalanceCheck {
  const t = typeName(documentType(target));
  const n = typeName(documentType(namers[0]!));
  return {
    id,
    version: 1,
    level: 'minor',
    name: {
      zh: `${n.zh}金额超过${t.zh}`,
      en: `${capital(n.plural)} total more than their ${t.en}`,
    },
    description: {
      zh: `关联同一${t.zh}的${n.zh}金额合计不应超过该${t.zh}的金额（同一币种，允许容差）`,
      en: `The ${n.plural} naming a ${t.en} total no more than its amount, in its currency, within the package's tolerance`,
    },
    appliesTo: BOTH,
    rows: (_lots, params, docs) =>
      sql`select ${subjectRow({
        check: id,
        subject: sql`${`amount:${target}/`}::text || t.bill_no`,
        outcome: within(sql`n.amount`, sql`t.amount`, params),
        docs: sql`t.ids || n.ids`,
        facts: sql`jsonb_build_object('bill', t.bill_no, 'amount', t.amount::text, 'claimed', n.amount::text,
          'currency', coalesce(t.currency, ''))`,
      })} from (select x.bill_no, coalesce(x.currency, '') as currency, sum(x.amount) as amount,
              array_agg(x.id order by x.id) as ids
            from ${docs} x where x.in_scope and x.doc_type = any(${docTypes(target)}) and x.amount is not null
            group by x.bill_no, coalesce(x.currency, '')) t
        join (select r.rel, coalesce(y.currency, '') as currency, sum(y.amount) as amount,
              array_agg(y.id order by y.biz_time, y.id) as ids
            from ${docs} y cross join lateral unnest(y.related_bill_nos) as r(rel)
            where y.doc_type = any(${docTypes(...namers)}) and y.amount is not null
            group by r.rel, coalesce(y.currency, '')) n on n.rel = t.bill_no and n.currency = t.currency`,
    message: (f) => ({
      zh: `${t.zh} ${f.bill} 金额 ${num(f.amount)} ${f.currency}，关联的${n.zh}合计 ${num(f.claimed)}`,
      en: `${capital(t.en)} ${f.bill} is for ${num(f.amount)} ${f.currency}, but the ${n.plural} naming it total ${num(f.claimed)}`,
    }),
  };
}

const AMOUNT_CHECKS: readonly BalanceCheck[] = [
  amountCheck('amount:receipts-over-order', ['PurchaseReceipt', 'PurchaseReceiptSteel'], 'PurchaseContract'),
  amountCheck('amount:invoices-over-order', ['PurchaseInvoice'], 'PurchaseContract'),
  amountCheck('amount:payments-over-invoice', ['PurchasePay'], 'PurchaseInvoice'),
  amountCheck('amount:deliveries-over-contract', ['SaleDelivery', 'SaleDeliverySteel'], 'SaleContract'),
  amountCheck('amount:invoices-over-contract', ['SaleInvoice'], 'SaleContract'),
  amountCheck('amount:collections-over-invoice', ['SaleReceipt'], 'SaleInvoice'),
];

export const balanceKind: CheckKind<BalanceCheck> = {
  id: 'balance',
  name: { zh: '数量与金额平衡', en: 'Quantities and amounts' },
  description: {
    zh: '批次出入库数量与关联单据金额应当平衡',
    en: "A lot's quantities in and out, and the amounts documents claim against what they name, balance",
  },
  checks: [...LOT_CHECKS, ...AMOUNT_CHECKS],
  async run(ctx, chosen) {
    const lots = chosen.some((c) => LOT_CHECKS.includes(c)) ? await lotFacts(ctx) : sql`(select 1) x`;
    const query = unionOf(chosen.map((c) => c.rows(lots, ctx.params, ctx.scope.docs)));
    return runSubjects(ctx, chosen, query, (check, row) => check.message(row.facts ?? {}));
  },
};
