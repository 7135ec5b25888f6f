import { sql, type SQL } from 'drizzle-orm';
import { documentType, type TCheckLevel, type TDocumentTypeDef } from '@tracehub/contract';
import { capital, typeName } from './facts.ts';
import { rowsOf } from './sql.ts';
import { runSubjects, subjectRow, unionOf } from './subjects.ts';
import { BOTH, instanceId, type CheckDef, type CheckKind } from './types.ts';

/*
 * The papers behind the records: a document whose evidence is its paper carries it as an attachment (one
 * check per document type: certificates of origin and affidavits, what customs asks for; bills of lading
 * and packing lists; the mineral and smelter sources of the battery due diligence; the steel documents of
 * the US scenario only), and a supplier affidavit is signed.
 */

interface PaperCheck extends CheckDef {
  /** The document type it looks at. */
  def: TDocumentTypeDef;
  /** An attachment check only applies to enterprises of this scene (US: 'US' or 'US&EU'). */
  scene?: 'US';
  rule: 'attachment' | 'signed';
}

function attachment(code: string, level: TCheckLevel, scene?: 'US'): PaperCheck {
  const def = documentType(code);
  const n = typeName(def);
  const where = scene ? { zh: '（美国场景）', en: ' (US scenario)' } : { zh: '', en: '' };
  return {
    id: instanceId('attachment-missing', code),
    version: 1,
    level,
    name: { zh: `${n.zh}缺少附件`, en: `${capital(n.en)} without its attachment` },
    description: {
      zh: `每张${n.zh}都应上传其单据附件${where.zh}`,
      en: `Every ${n.en} carries its paper as an attachment${where.en}`,
    },
    appliesTo: BOTH,
    def,
    ...(scene ? { scene } : {}),
    rule: 'attachment',
  };
}

const CHECKS: readonly PaperCheck[] = [
  attachment('PurchaseOrigin', 'urgent'),
  attachment('SaleOrigin', 'urgent'),
  attachment('SupplierAffidavit', 'urgent'),
  attachment('InternalE1', 'urgent'),
  attachment('InternalD12', 'urgent'),
  attachment('PurchaseLading', 'minor'),
  attachment('LogisticsLading', 'minor'),
  attachment('PurchasePacking', 'minor'),
  attachment('LogisticsPacking', 'minor'),
  attachment('SaleWarranty', 'minor'),
  attachment('InternalA21', 'minor'),
  attachment('PurchaseReceiptSteel', 'minor', 'US'),
  attachment('SaleDeliverySteel', 'minor', 'US'),
  {
    id: 'affidavit-unsigned',
    version: 1,
    level: 'urgent',
    name: { zh: '供应商声明书未签署', en: 'Supplier affidavit not signed' },
    description: {
      zh: '供应商声明书应为已签署；未填写签署状态的结果为数据缺失',
      en: 'A supplier affidavit is signed; one whose signature is not stated is unknown',
    },
    appliesTo: BOTH,
    def: documentType('SupplierAffidavit'),
    rule: 'signed',
  },
];

const subject = (prefix: string) =>
  sql`${`${prefix}:`}::text || d.doc_type || '/' || d.bill_no || '/' || d.id`;

function rows(c: PaperCheck, docs: SQL, enterpriseUuid: string): SQL {
  const of = sql`d.in_scope and d.doc_type = ${c.def.typeCode}::int`;
  if (c.rule === 'signed')
    return sql`select ${subjectRow({
      check: c.id,
      subject: subject('signed'),
      outcome: sql`case d.extra -> 'signed' when 'true'::jsonb then 'pass' when 'false'::jsonb then 'fail' else 'unknown' end`,
      docs: sql`array[d.id]`,
      facts: sql`jsonb_build_object('bill', d.bill_no)`,
    })} from ${docs} d where ${of}`;
  // A document's files are filed under `<type code>:<id>` with its numeric type as business type.
  return sql`select ${subjectRow({
    check: c.id,
    subject: subject('attachment'),
    outcome: sql`case when exists (select 1 from files f where f.enterprise_uuid = ${enterpriseUuid}
        and f.biz_type = d.doc_type::text and f.biz_no = ${`${c.def.code}:`}::text || d.id) then 'pass' else 'fail' end`,
    docs: sql`array[d.id]`,
    facts: sql`jsonb_build_object('bill', d.bill_no)`,
  })} from ${docs} d where ${of}`;
}

export const papersKind: CheckKind<PaperCheck> = {
  id: 'papers',
  name: { zh: '附件与签署', en: 'Attachments and signatures' },
  description: {
    zh: '以纸面单据为证据的记录应上传附件，供应商声明书应已签署',
    en: 'Records whose evidence is a paper carry it as an attachment; supplier affidavits are signed',
  },
  checks: CHECKS,
  async run(ctx, chosen) {
    const [own] = await rowsOf<{ us: boolean }>(
      ctx.tx,
      sql`select coalesce(scene, '') like 'US%' as us from enterprises where uuid = ${ctx.enterpriseUuid}`,
    );
    const applies = chosen.filter((c) => c.scene !== 'US' || own?.us);
    const query = unionOf(applies.map((c) => rows(c, ctx.scope.docs, ctx.enterpriseUuid)));
    return runSubjects(ctx, chosen, query, (check, row) => {
      const n = typeName(check.def);
      const bill = String(row.facts?.bill ?? '');
      if (check.rule === 'attachment')
        return { zh: `${n.zh} ${bill} 缺少附件`, en: `${capital(n.en)} ${bill} has no attachment` };
      return row.outcome === 'unknown'
        ? {
            zh: `供应商声明书 ${bill} 未填写是否已签署`,
            en: `Supplier affidavit ${bill} does not state whether it is signed`,
          }
        : { zh: `供应商声明书 ${bill} 未签署`, en: `Supplier affidavit ${bill} is not signed` };
    });
  },
};
