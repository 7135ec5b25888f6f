import { sql } from 'drizzle-orm';
import { documentType } from '@tracehub/contract';
import { SCOPE_DOCS, docCite, rowsOf, type Check } from './types.ts';

/** Documents that are worth little without their paper: certificates of origin and supplier affidavits. */
const ALWAYS = ['PurchaseOrigin', 'SaleOrigin', 'SupplierAffidavit'];
/** The steel documents, required for the US scenario (enterprise scene US or US&EU). */
const STEEL = ['PurchaseReceiptSteel', 'SaleDeliverySteel'];

const values = (codes: string[]) =>
  sql.join(
    codes.map((c) => sql`(${documentType(c).typeCode}::int, ${c}::text, ${STEEL.includes(c)}::boolean)`),
    sql`, `,
  );

/** A document whose attachment is required (origin certificate, affidavit, US steel documents) without one. */
export const attachmentMissing: Check = {
  id: 'attachment-missing',
  version: 1,
  level: 'minor',
  name: { zh: '缺少必需附件', en: 'Required attachment missing' },
  description: {
    zh: '原产地证明、供应商声明，以及美国场景下的钢材单据，应上传附件',
    en: 'Certificates of origin, supplier affidavits and, for the US scenario, steel documents carry an attachment',
  },
  appliesTo: ['internal', 'linked'],
  async run({ tx, enterpriseUuid }) {
    const rows = await rowsOf<{ id: number; docType: number; billNo: string; attached: boolean }>(
      tx,
      sql`with req(type_code, page, steel) as (values ${values([...ALWAYS, ...STEEL])}),
          ent as (select coalesce(scene, '') like 'US%' as us from enterprises where uuid = ${enterpriseUuid})
          select d.id, d.doc_type as "docType", d.bill_no as "billNo",
            exists (select 1 from files f where f.enterprise_uuid = ${enterpriseUuid}
              and f.biz_type = d.doc_type::text and f.biz_no = req.page || ':' || d.id) as attached
          from ${SCOPE_DOCS} s join documents d on d.id = s.id
          join req on req.type_code = d.doc_type
          where not req.steel or coalesce((select us from ent), false)`,
    );
    return rows.map((r) => ({
      subject: `attachment:${r.docType}/${r.billNo}/${r.id}`,
      outcome: r.attached ? 'pass' : 'fail',
      cited: [docCite(r)],
      message: { zh: `单据 ${r.billNo} 缺少附件`, en: `Document ${r.billNo} has no attachment` },
    }));
  },
};
