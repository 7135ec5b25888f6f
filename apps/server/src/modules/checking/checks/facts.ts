import { sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPES, type TBilingual, type TDocumentTypeDef } from '@tracehub/contract';
import { RETURN_TYPES, docTypes, roleTypes } from './sql.ts';
import type { CheckContext } from './types.ts';

/*
 * Facts derived from the scope once per run and shared by the kinds that need them (CheckContext.shared):
 * a lot's quantities in and out and its first arrival, a VIN's records, the links of related numbers.
 */

/** Receipts and completions: what brings goods into a lot. */
export const IN_TYPES = (): SQL => sql`(${roleTypes('receipt')} || ${roleTypes('produce')})`;
/** Pickings, deliveries and purchase returns: what takes goods out of a lot. */
export const OUT_TYPES = (): SQL =>
  sql`(${roleTypes('consume')} || ${roleTypes('delivery')} || ${RETURN_TYPES()})`;

/**
 * Per lot of the context (item code and batch): quantities by role, its first arrival, and whether a
 * document of the scope is of it.
 */
export function lotFacts(ctx: CheckContext): Promise<SQL> {
  const q = (types: SQL) => sql`coalesce(sum(d.quantity) filter (where d.doc_type = any(${types})), 0)`;
  return ctx.shared(
    'lots_facts',
    sql`select d.item_code, d.batch_no, bool_or(d.in_scope) as in_scope,
          ${q(IN_TYPES())} as q_in, ${q(OUT_TYPES())} as q_out, ${q(roleTypes('fit'))} as q_fit,
          ${q(RETURN_TYPES())} as q_returned, ${q(roleTypes('receipt'))} as q_received,
          ${q(docTypes('PurchasePacking'))} as q_packed_in, ${q(roleTypes('delivery'))} as q_delivered,
          ${q(docTypes('LogisticsPacking'))} as q_packed_out,
          min(d.biz_time) filter (where d.doc_type = any(${IN_TYPES()})) as first_in,
          (array_agg(d.id order by d.biz_time, d.id) filter (where d.doc_type = any(${IN_TYPES()})))[1] as first_in_id,
          (array_agg(d.bill_no order by d.biz_time, d.id) filter (where d.doc_type = any(${IN_TYPES()})))[1] as first_in_bill,
          array_agg(d.id order by d.biz_time, d.id) as ids
        from ${ctx.scope.docs} d where d.batch_no <> '' and d.item_code <> ''
        group by d.item_code, d.batch_no`,
  );
}

/** Per VIN of the scope: its records by role (every one of the enterprise, in scope or not). */
export function vinFacts(ctx: CheckContext): Promise<SQL> {
  const produce = roleTypes('produce');
  const vehicle = roleTypes('vehicle');
  return ctx.shared(
    'vins_facts',
    sql`select v.vin,
          coalesce(bool_or(d.doc_type = any(${produce})), false) as produced,
          coalesce(bool_or(d.doc_type = any(${roleTypes('fit')})), false) as fitted,
          coalesce(array_agg(distinct d.bill_no) filter (where d.doc_type = any(${produce})), '{}') as completions,
          coalesce(array_agg(distinct d.bill_no) filter (where d.doc_type = any(${vehicle})), '{}') as sales,
          min(d.biz_time) filter (where d.doc_type = any(${produce})) as built_at,
          (array_agg(d.id order by d.biz_time, d.id) filter (where d.doc_type = any(${produce})))[1] as built_id,
          (array_agg(d.bill_no order by d.biz_time, d.id) filter (where d.doc_type = any(${produce})))[1] as built_bill,
          coalesce(array_agg(d.id order by d.biz_time, d.id) filter (where d.id is not null), '{}') as ids,
          coalesce(array_agg(d.id order by d.biz_time, d.id) filter (where d.doc_type = any(${produce})), '{}') as completion_ids,
          coalesce(array_agg(d.id order by d.biz_time, d.id) filter (where d.doc_type = any(${vehicle})), '{}') as sale_ids
        from ${ctx.scope.vins} v left join ${ctx.scope.docs} d on d.vin_sn = v.vin
        group by v.vin`,
  );
}

/** Every (type, type it names) of the catalogue: a document's related numbers resolve to those types. */
const RELATIONS = DOCUMENT_TYPES.flatMap((d) =>
  d.relatesTo.map((code) => [d.typeCode, DOCUMENT_TYPES.find((t) => t.code === code)!.typeCode] as const),
);

/**
 * Per related number of a scope document: the documents of the enterprise it resolves to (none: a row with
 * a null target), with their type, counterparty, currency and date.
 */
export function relatedLinks(ctx: CheckContext): Promise<SQL> {
  const pairs = sql.join(
    RELATIONS.map(([src, tgt]) => sql`(${src}::int, ${tgt}::int)`),
    sql`, `,
  );
  return ctx.shared(
    'links',
    sql`select d.id, d.doc_type, d.bill_no, d.partner_id, d.currency, d.biz_time, r.rel,
          t.id as t_id, t.doc_type as t_type, t.bill_no as t_bill, t.partner_id as t_partner,
          t.currency as t_currency, t.biz_time as t_time
        from ${ctx.scope.docs} d cross join lateral unnest(d.related_bill_nos) as r(rel)
        join (values ${pairs}) as p(src, tgt) on p.src = d.doc_type
        left join ${ctx.scope.docs} t on t.bill_no = r.rel and t.doc_type = p.tgt
        where d.in_scope`,
  );
}

const STAGE_WORDS: Readonly<Record<TDocumentTypeDef['family'], TBilingual>> = {
  purchase: { zh: '采购', en: 'purchase' },
  production: { zh: '生产', en: 'production' },
  sales: { zh: '销售', en: 'sales' },
  logistics: { zh: '物流', en: 'logistics' },
  internal: { zh: '', en: '' },
};

/**
 * A document type's name in a check's text: its title (zh) and singular (en), with its family's word where
 * two types share a title (the purchase and the sales certificate of origin).
 */
export function typeName(def: TDocumentTypeDef): { zh: string; en: string; plural: string } {
  const shared = DOCUMENT_TYPES.some((o) => o !== def && o.title.zh === def.title.zh);
  const word = STAGE_WORDS[def.family];
  // English titles are the plural in title case ("Payment Vouchers"); a VIN table's starts with its code.
  const plural = def.family === 'internal' ? def.title.en : def.title.en.toLowerCase();
  return shared
    ? { zh: `${word.zh}${def.title.zh}`, en: `${word.en} ${def.singular}`, plural: `${word.en} ${plural}` }
    : { zh: def.title.zh, en: def.singular, plural };
}

/** English text with its first letter capital. */
export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** A timestamp column as epoch milliseconds (a fact's dates are numbers). */
export const epoch = (column: SQL): SQL => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** A date of a fact (epoch milliseconds) as the server's local YYYY-MM-DD, as the monitoring days are. */
export function day(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const d = new Date(typeof v === 'number' ? v : Number(v));
  if (Number.isNaN(d.getTime())) return String(v);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A decimal of a fact without trailing zeros. */
export const num = (v: unknown): string => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? String(Math.round(n * 10_000) / 10_000) : String(v);
};
