import { sql } from 'drizzle-orm';
import { documentType, type TCheckLevel, type TDocumentTypeDef } from '@tracehub/contract';
import { capital, relatedLinks, typeName } from './facts.ts';
import { runSubjects, subjectRow, unionOf, type Facts } from './subjects.ts';
import { BOTH, instanceId, type CheckDef, type CheckKind } from './types.ts';

/*
 * A document and the documents it names by number (its related numbers: a receipt its purchase order, a
 * payment its invoice, a shipment its delivery). Per document type: a number that names nothing recorded;
 * a named document of another counterparty; a named document in another currency.
 */

interface RelatedCheck extends CheckDef {
  def: TDocumentTypeDef;
}

const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v ?? ''));
const targetsOf = (def: TDocumentTypeDef, lang: 'zh' | 'en') =>
  def.relatesTo.map((c) => typeName(documentType(c))[lang === 'zh' ? 'zh' : 'en']);

/** Trace-bearing documents (a receipt, a completion, a delivery, a shipment): their links make the chain. */
const TRACED = new Set([
  'PurchaseReceipt',
  'PurchaseReceiptSteel',
  'ProductionEnd',
  'ProductionEndNew',
  'SaleDelivery',
  'SaleDeliverySteel',
  'LogisticsTrans',
]);

function instances(
  kind: string,
  codes: readonly string[],
  text: (def: TDocumentTypeDef, n: ReturnType<typeof typeName>) => Pick<CheckDef, 'name' | 'description'>,
  level: (code: string) => TCheckLevel,
): RelatedCheck[] {
  return codes.map((code) => {
    const def = documentType(code);
    return {
      id: instanceId(kind, code),
      version: 1,
      level: level(code),
      ...text(def, typeName(def)),
      appliesTo: BOTH,
      def,
    };
  });
}

/** Every type whose related numbers name other documents, returns aside (their source is checked on write). */
const NAMING_TYPES = [
  'PurchaseReceipt',
  'PurchaseInvoice',
  'PurchasePay',
  'PurchaseStatement',
  'SupplierAffidavit',
  'PurchasePacking',
  'PurchaseLading',
  'PurchaseOrigin',
  'PurchaseReceiptSteel',
  'ProductionEnd',
  'ProductionEndNew',
  'SaleDelivery',
  'SaleInvoice',
  'SaleOrigin',
  'SaleReceipt',
  'SaleWarranty',
  'SaleDeliverySteel',
  'LogisticsTrans',
  'LogisticsPacking',
  'LogisticsLading',
];

const UNRESOLVED = instances(
  'related-unresolved',
  NAMING_TYPES,
  (def, n) => ({
    name: { zh: `${n.zh}关联的单据未登记`, en: `${capital(n.en)} names a document not recorded` },
    description: {
      zh: `${n.zh}的关联单号应能在企业的${targetsOf(def, 'zh').join('、')}中找到`,
      en: `Each related number of a ${n.en} names a ${targetsOf(def, 'en').join(' or ')} of the enterprise`,
    },
  }),
  (code) => (TRACED.has(code) ? 'urgent' : 'minor'),
);

const COUNTERPARTY = instances(
  'counterparty-mismatch',
  [
    'PurchaseReceipt',
    'PurchaseInvoice',
    'PurchasePay',
    'PurchaseOrigin',
    'SupplierAffidavit',
    'SaleDelivery',
    'SaleInvoice',
    'SaleReceipt',
    'SaleWarranty',
    'LogisticsTrans',
  ],
  (_def, n) => ({
    name: {
      zh: `${n.zh}与关联单据的往来单位不一致`,
      en: `${capital(n.en)} names a document of another counterparty`,
    },
    description: {
      zh: `${n.zh}与其关联单据应为同一供应商或客户`,
      en: `A ${n.en} and the documents it names are of the same supplier or client`,
    },
  }),
  (code) =>
    ['PurchaseReceipt', 'PurchaseOrigin', 'SupplierAffidavit', 'SaleDelivery', 'LogisticsTrans'].includes(
      code,
    )
      ? 'urgent'
      : 'minor',
);

const CURRENCY = instances(
  'currency-mismatch',
  ['PurchaseReceipt', 'PurchaseInvoice', 'PurchasePay', 'SaleInvoice', 'SaleReceipt'],
  (_def, n) => ({
    name: {
      zh: `${n.zh}与关联单据的币种不一致`,
      en: `${capital(n.en)} in another currency than the document it names`,
    },
    description: {
      zh: `${n.zh}应与其关联单据使用同一币种`,
      en: `A ${n.en} is in the currency of the documents it names`,
    },
  }),
  () => 'minor',
);

const docSubject = (prefix: string) =>
  sql`${`${prefix}:`}::text || k.doc_type || '/' || k.bill_no || '/' || k.id`;

const message = (check: RelatedCheck, row: { facts: Facts | null }, text: typeof UNRESOLVED_TEXT) =>
  text(typeName(check.def), row.facts ?? {});

const UNRESOLVED_TEXT = (n: ReturnType<typeof typeName>, f: Facts) => ({
  zh: `${n.zh} ${f.bill} 关联的单号 ${list(f.numbers)} 未登记`,
  en: `${capital(n.en)} ${f.bill} names ${list(f.numbers)}, not recorded`,
});
const COUNTERPARTY_TEXT = (n: ReturnType<typeof typeName>, f: Facts) => ({
  zh: `${n.zh} ${f.bill} 的往来单位与关联单据 ${list(f.numbers)} 不一致`,
  en: `${capital(n.en)} ${f.bill} names ${list(f.numbers)} of another counterparty`,
});
const CURRENCY_TEXT = (n: ReturnType<typeof typeName>, f: Facts) => ({
  zh: `${n.zh} ${f.bill} 的币种 ${f.currency} 与关联单据 ${list(f.numbers)} 不一致`,
  en: `${capital(n.en)} ${f.bill} is in ${f.currency}, the documents it names (${list(f.numbers)}) are not`,
});

export const relatedKind: CheckKind<RelatedCheck> = {
  id: 'related-unresolved',
  name: { zh: '关联单据未登记', en: 'Related documents not recorded' },
  description: {
    zh: '单据的关联单号应能找到企业已登记的单据',
    en: 'The related numbers of a document name documents the enterprise recorded',
  },
  checks: UNRESOLVED,
  async run(ctx, chosen) {
    const links = await relatedLinks(ctx);
    const query = unionOf(
      chosen.map(
        (c) =>
          sql`select ${subjectRow({
            check: c.id,
            subject: docSubject('related'),
            outcome: sql`case when bool_and(k.resolved) then 'pass' else 'fail' end`,
            docs: sql`array[k.id] || array_remove(array_agg(k.t_id), null)`,
            facts: sql`jsonb_build_object('bill', k.bill_no, 'numbers', to_jsonb(array_agg(k.rel) filter (where not k.resolved)))`,
          })} from (select k.id, k.doc_type, k.bill_no, k.rel, (min(k.t_id) is not null) as resolved, min(k.t_id) as t_id
          from ${links} k where k.doc_type = ${c.def.typeCode}::int group by k.id, k.doc_type, k.bill_no, k.rel) k
        group by k.id, k.doc_type, k.bill_no`,
      ),
    );
    return runSubjects(ctx, chosen, query, (check, row) => message(check, row, UNRESOLVED_TEXT));
  },
};

export const counterpartyKind: CheckKind<RelatedCheck> = {
  id: 'counterparty-mismatch',
  name: { zh: '往来单位不一致', en: 'Counterparty differs' },
  description: {
    zh: '单据与其关联单据应为同一供应商或客户',
    en: 'A document and the documents it names are of the same supplier or client',
  },
  checks: COUNTERPARTY,
  async run(ctx, chosen) {
    const links = await relatedLinks(ctx);
    const query = unionOf(
      chosen.map(
        (c) =>
          sql`select ${subjectRow({
            check: c.id,
            subject: docSubject('counterparty'),
            outcome: sql`case when bool_or(k.t_partner <> k.partner_id) then 'fail' else 'pass' end`,
            partner: sql`min(k.partner_id)`,
            docs: sql`array[k.id] || array_agg(k.t_id)`,
            facts: sql`jsonb_build_object('bill', k.bill_no,
          'numbers', to_jsonb(array_agg(distinct k.t_bill) filter (where k.t_partner <> k.partner_id)))`,
          })} from ${links} k where k.doc_type = ${c.def.typeCode}::int and k.partner_id is not null and k.t_partner is not null
        group by k.id, k.doc_type, k.bill_no`,
      ),
    );
    return runSubjects(ctx, chosen, query, (check, row) => message(check, row, COUNTERPARTY_TEXT));
  },
};

export const currencyKind: CheckKind<RelatedCheck> = {
  id: 'currency-mismatch',
  name: { zh: '币种不一致', en: 'Currency differs' },
  description: {
    zh: '单据应与其关联单据使用同一币种',
    en: 'A document is in the currency of the documents it names',
  },
  checks: CURRENCY,
  async run(ctx, chosen) {
    const links = await relatedLinks(ctx);
    const query = unionOf(
      chosen.map(
        (c) =>
          sql`select ${subjectRow({
            check: c.id,
            subject: docSubject('currency'),
            outcome: sql`case when bool_or(k.t_currency <> k.currency) then 'fail' else 'pass' end`,
            docs: sql`array[k.id] || array_agg(k.t_id)`,
            facts: sql`jsonb_build_object('bill', k.bill_no, 'currency', min(k.currency),
          'numbers', to_jsonb(array_agg(distinct k.t_bill) filter (where k.t_currency <> k.currency)))`,
          })} from ${links} k where k.doc_type = ${c.def.typeCode}::int
          and coalesce(k.currency, '') <> '' and coalesce(k.t_currency, '') <> ''
        group by k.id, k.doc_type, k.bill_no`,
      ),
    );
    return runSubjects(ctx, chosen, query, (check, row) => message(check, row, CURRENCY_TEXT));
  },
};
