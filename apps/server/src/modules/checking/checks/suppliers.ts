import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { enterpriseIdentities, lotSuppliers, type LotKey } from '../../trace/public.ts';
import { roleTypes, rowsOf } from './sql.ts';
import { runSubjects, subjectRow, unionOf, type SubjectRow } from './subjects.ts';
import {
  BOTH,
  collect,
  outcomesOf,
  type CheckContext,
  type CheckDef,
  type CheckKind,
  type CheckOutcomes,
  type Decided,
  type CitedRecord,
} from './types.ts';

/*
 * The suppliers behind the records and the master data that names them: a supplier settled, certified and
 * with a DID; a batch received that the supplier shipped; a material mapped to the supplier's code and known
 * to the master data; a high-cost part with source data.
 */

type SupplierCheckId =
  | 'material-unmapped'
  | 'material-unknown'
  | 'supplier-uncertified'
  | 'high-cost-part-without-source'
  | 'receipt-not-shipped';

interface SupplierCheck extends CheckDef {
  id: SupplierCheckId;
}

const CHECKS: readonly SupplierCheck[] = [
  {
    id: 'supplier-uncertified',
    version: 1,
    level: 'urgent',
    name: { zh: '供应商未认证或无DID', en: 'Supplier not certified or without a DID' },
    description: {
      zh: '单据中的供应商应已入驻平台、通过认证并拥有DID',
      en: 'The suppliers of the documents are settled on the platform, certified and hold a DID',
    },
    appliesTo: BOTH,
  },
  {
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
  },
  {
    id: 'high-cost-part-without-source',
    version: 1,
    level: 'urgent',
    name: { zh: '高成本零部件缺少来源数据', en: 'High-cost part without source data' },
    description: {
      zh: '成本占比不低于阈值（0.1%）的装车零部件，应有来自已入驻供应商的收货来源数据',
      en: 'A fitted part whose cost share is at least the threshold (0.1 %) has source data: a receipt from a supplier settled on the platform',
    },
    appliesTo: BOTH,
  },
  {
    id: 'material-unmapped',
    version: 1,
    level: 'minor',
    name: { zh: '供应商物料未映射', en: 'Supplier material without a mapping' },
    description: {
      zh: '从供应商收货或装车的物料应在物料映射中关联到该供应商的物料编码',
      en: "A material received from or fitted from a supplier is mapped to the supplier's material code",
    },
    appliesTo: BOTH,
  },
  {
    id: 'material-unknown',
    version: 1,
    level: 'minor',
    name: { zh: '物料未在主数据中登记', en: 'Material not in the master data' },
    description: {
      zh: '收货、领料和装车的物料编码应为企业已登记的物料',
      en: 'The item codes received, picked and fitted are materials the enterprise recorded',
    },
    appliesTo: BOTH,
  },
];

const inScopeOf = (roles: Parameters<typeof roleTypes>) =>
  sql`d.in_scope and d.item_code <> '' and d.doc_type = any(${roleTypes(...roles)})`;

/** The checks of this kind decided in the database. */
function sqlRows(ctx: CheckContext, c: SupplierCheck) {
  const docs = ctx.scope.docs;
  switch (c.id) {
    case 'material-unmapped':
      return sql`select ${subjectRow({
        check: c.id,
        subject: sql`'mapping:' || d.partner_id || '/' || d.item_code`,
        outcome: sql`case when exists (select 1 from material_relations r
            left join materials m on m.id = r.material_id left join products p on p.id = r.product_id
            where r.direction = 'supplier' and r.partner_id = d.partner_id
              and (m.code = d.item_code or p.code = d.item_code)) then 'pass' else 'fail' end`,
        partner: sql`d.partner_id`,
        docs: sql`array_agg(d.id order by d.biz_time, d.id)`,
        facts: sql`jsonb_build_object('item', d.item_code, 'bill', min(d.bill_no))`,
      })} from ${docs} d where ${inScopeOf(['receipt', 'fit'])} and d.partner_id is not null
        group by d.partner_id, d.item_code`;
    case 'material-unknown':
      return sql`select ${subjectRow({
        check: c.id,
        subject: sql`'material:' || d.item_code`,
        outcome: sql`case when exists (select 1 from materials m
            where m.enterprise_uuid = ${ctx.enterpriseUuid} and m.code = d.item_code) then 'pass' else 'fail' end`,
        docs: sql`array_agg(d.id order by d.biz_time, d.id)`,
        facts: sql`jsonb_build_object('item', d.item_code)`,
      })} from ${docs} d where ${inScopeOf(['receipt', 'consume', 'fit'])} group by d.item_code`;
    case 'high-cost-part-without-source':
      // The cost of a fitted lot is its quantity times the lot's average receipt price; a VIN with a part
      // of unknown price leaves its parts' shares unknown.
      return sql`select ${subjectRow({
        check: c.id,
        subject: sql`'part:' || s.vin || '/' || s.item_code || '/' || s.batch_no`,
        outcome: sql`case when s.sourced then 'pass' when not s.priced or s.total <= 0 then 'unknown'
            when s.cost / s.total >= ${ctx.params.costShareThreshold}::numeric then 'fail' else 'pass' end`,
        vin: sql`s.vin`,
        docs: sql`s.ids[1:5]`,
        facts: sql`jsonb_build_object('vin', s.vin, 'item', s.item_code, 'batch', s.batch_no,
          'share', case when s.priced and s.total > 0 then round(s.cost / s.total * 100, 2) end)`,
      })} from (select p.*, p.qty * l.price as cost, coalesce(l.sourced, false) as sourced,
            sum(p.qty * l.price) over (partition by p.vin) as total,
            bool_and(l.price is not null) over (partition by p.vin) as priced
          from (select v.vin, f.item_code, f.batch_no, sum(f.quantity) as qty,
                  array_agg(f.id order by f.biz_time, f.id) as ids
                from ${ctx.scope.vins} v join ${docs} f on f.vin_sn = v.vin
                where f.doc_type = any(${roleTypes('fit')}) and f.batch_no <> ''
                group by v.vin, f.item_code, f.batch_no) p
          left join (select r.item_code, r.batch_no, avg(r.unit_price) as price,
                  bool_or(sp.partner_enterprise_uuid is not null) as sourced
                from ${docs} r left join partners sp on sp.id = r.partner_id
                where r.doc_type = any(${roleTypes('receipt')})
                group by r.item_code, r.batch_no) l on l.item_code = p.item_code and l.batch_no = p.batch_no) s`;
    default:
      return null;
  }
}

function sqlMessage(check: SupplierCheck, row: SubjectRow) {
  const f = row.facts ?? {};
  switch (check.id) {
    case 'material-unmapped':
      return {
        zh: `物料 ${f.item} 未映射到供应商物料（单据 ${f.bill}）`,
        en: `Material ${f.item} has no mapping to the supplier's material (document ${f.bill})`,
      };
    case 'material-unknown':
      return {
        zh: `物料 ${f.item} 未在物料主数据中登记`,
        en: `Material ${f.item} is not in the enterprise's material master data`,
      };
    default:
      return row.outcome === 'unknown'
        ? {
            zh: `VIN ${f.vin} 的零部件 ${f.item}/${f.batch} 缺少价格，无法计算成本占比`,
            en: `Part ${f.item}/${f.batch} of VIN ${f.vin}: prices are missing, its cost share is unknown`,
          }
        : {
            zh: `VIN ${f.vin} 的高成本零部件 ${f.item}/${f.batch}（占比 ${f.share}%）缺少来源数据`,
            en: `High-cost part ${f.item}/${f.batch} of VIN ${f.vin} (share ${f.share} %) has no source data`,
          };
  }
}

/** The suppliers of the scope's documents, not certified or without a DID (settled or not). */
async function uncertified(ctx: CheckContext, check: SupplierCheck): Promise<Map<string, CheckOutcomes>> {
  const rows = await rowsOf<{ id: number; code: string; name: string; ent: string | null; ids: number[] }>(
    ctx.tx,
    sql`select p.id, p.code, p.name, p.partner_enterprise_uuid as ent,
          (array_agg(d.id order by d.biz_time, d.id))[1:5] as ids
        from ${ctx.scope.docs} d join partners p on p.id = d.partner_id and p.partner_type = 'supplier'
        where d.in_scope group by p.id, p.code, p.name, p.partner_enterprise_uuid`,
  );
  const identities = await enterpriseIdentities(
    ctx.tx,
    rows.flatMap((r) => (r.ent ? [r.ent] : [])),
  );
  const cited = await citedDocs(
    ctx,
    rows.flatMap((r) => r.ids),
  );
  return collect(
    ctx,
    [check],
    rows.map((r) => {
      const did = r.ent ? identities.get(r.ent)?.did : null;
      return {
        checkId: check.id,
        subject: `supplier:${r.id}`,
        outcome: did ? 'pass' : 'fail',
        ...(r.ent ? { companyUuid: r.ent } : {}),
        cited: [
          { type: 'partner', id: Number(r.id), label: r.code },
          ...r.ids.flatMap((i) => cited.get(i) ?? []),
        ],
        message: r.ent
          ? {
              zh: `供应商 ${r.name} 未通过认证或没有DID`,
              en: `Supplier ${r.name} is not certified or has no DID`,
            }
          : { zh: `供应商 ${r.name} 未入驻平台`, en: `Supplier ${r.name} is not settled on the platform` },
      };
    }),
  );
}

/** Cited records of documents of the scope, by id. */
async function citedDocs(ctx: CheckContext, ids: readonly number[]): Promise<Map<number, CitedRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; docType: number; billNo: string }>(
    ctx.tx,
    sql`select id, doc_type as "docType", bill_no as "billNo" from ${ctx.scope.docs}
        where id = any(${sql.param([...new Set(ids)])}::int[])`,
  );
  return new Map(
    rows.map((r) => [Number(r.id), { type: String(r.docType), id: Number(r.id), label: r.billNo }]),
  );
}

/**
 * A batch received that the supplier never shipped, or shipped in smaller quantity: the supplier's matching
 * delivery is read the way the trace reads it (trace/public.ts, link-level columns only), the quantities
 * compared by tracehub_check_shipped_short (migration 0033), which answers the comparison and never the
 * supplier's quantity. A supplier not settled on the platform has no data to compare with: the outcome is
 * unknown, never a pass.
 */
async function notShipped(ctx: CheckContext, check: SupplierCheck): Promise<Map<string, CheckOutcomes>> {
  const suppliers = sql.param([...ctx.supplierIds]);
  const receipts = await rowsOf<{
    id: number;
    docType: number;
    billNo: string;
    item: string;
    batch: string;
    partnerId: number | null;
  }>(
    ctx.tx,
    sql`select d.id, d.doc_type as "docType", d.bill_no as "billNo", d.item_code as item, d.batch_no as batch,
               d.partner_id as "partnerId"
        from ${ctx.scope.docs} d
        where ${inScopeOf(['receipt'])} and d.batch_no <> ''
          and (cardinality(${suppliers}::int[]) = 0 or d.partner_id = any(${suppliers}::int[]))`,
  );
  const keys: LotKey[] = [];
  const keyIndex = new Map<string, number>();
  for (const r of receipts) {
    const k = `${r.item}\u0000${r.batch}`;
    if (!keyIndex.has(k)) {
      keyIndex.set(k, keys.length);
      keys.push({ ent: ctx.enterpriseUuid, item: r.item, lot: r.batch });
    }
  }
  const links = await lotSuppliers(ctx.tx, keys);
  const short = await shippedShort(ctx.tx, keys);
  return collect(
    ctx,
    [check],
    receipts.map((r): Decided => {
      const index = keyIndex.get(`${r.item}\u0000${r.batch}`);
      const mine = links.filter((l) => l.index === index && l.a.billNo === r.billNo);
      const shipped = mine.find((l) => l.b !== null);
      const supplier = mine.find((l) => l.other !== null)?.other ?? null;
      const base = {
        checkId: check.id,
        subject: `received:${r.billNo}/${r.item}/${r.batch}`,
        cited: [{ type: String(r.docType), id: Number(r.id), label: r.billNo }],
      };
      if (shipped && short.has(`${index}/${r.partnerId}`) && supplier)
        return {
          ...base,
          outcome: 'fail',
          companyUuid: supplier,
          message: {
            zh: `收货 ${r.billNo} 批次 ${r.batch}：供应商记录的发货数量少于收货数量`,
            en: `Receipt ${r.billNo} lot ${r.batch}: the supplier recorded shipping less than was received`,
          },
        };
      if (shipped) return { ...base, outcome: 'pass' };
      if (!supplier)
        return {
          ...base,
          outcome: 'unknown',
          message: {
            zh: `收货 ${r.billNo} 批次 ${r.batch}：供应商未入驻平台，缺少其发货数据`,
            en: `Receipt ${r.billNo} lot ${r.batch}: the supplier is not on the platform, its delivery data is missing`,
          },
        };
      return {
        ...base,
        outcome: 'fail',
        companyUuid: supplier,
        message: {
          zh: `收货 ${r.billNo} 批次 ${r.batch}：供应商没有对应的发货记录`,
          en: `Receipt ${r.billNo} lot ${r.batch}: the supplier recorded no matching delivery`,
        },
      };
    }),
  );
}

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

export const suppliersKind: CheckKind<SupplierCheck> = {
  id: 'suppliers',
  name: { zh: '供应商与主数据', en: 'Suppliers and master data' },
  description: {
    zh: '供应商的认证与发货、物料映射与主数据、高成本零部件的来源',
    en: "Suppliers' certification and shipments, material mappings and master data, high-cost parts' sources",
  },
  checks: CHECKS,
  async run(ctx, chosen) {
    const out = outcomesOf(chosen, new Map());
    const inDb = chosen.filter((c) => sqlRows(ctx, c) !== null);
    if (inDb.length > 0) {
      const found = await runSubjects(ctx, inDb, unionOf(inDb.map((c) => sqlRows(ctx, c)!)), sqlMessage);
      for (const [id, o] of found) out.set(id, o);
    }
    for (const c of chosen) {
      if (c.id === 'supplier-uncertified') out.set(c.id, (await uncertified(ctx, c)).get(c.id)!);
      if (c.id === 'receipt-not-shipped') out.set(c.id, (await notShipped(ctx, c)).get(c.id)!);
    }
    return out;
  },
};
