import { sql } from 'drizzle-orm';
import { SCOPE_DOCS, docCite, rowsOf, type Check } from './types.ts';

/** A document whose newest evidence is not yet sealed into a ledger block. */
export const recordUnsealed: Check = {
  id: 'record-unsealed',
  version: 1,
  level: 'minor',
  name: { zh: '记录尚未上链', en: 'Record not yet sealed' },
  description: {
    zh: '范围内每条单据的最新存证都应已封存到区块中',
    en: 'The newest evidence of every document of the scope is sealed into a ledger block',
  },
  appliesTo: ['internal', 'linked'],
  async run({ tx }) {
    const rows = await rowsOf<{
      id: number;
      docType: number;
      billNo: string;
      vin: string;
      height: number | null;
    }>(
      tx,
      // Set-based: each document's newest event found by one join. A correlated look-up per document
      // (`subject_id = d.id::text`) cannot use the subject index under row-level security (the int-to-text
      // cast is not leakproof, so the condition stays above the policy's barrier): it scanned the whole
      // event table once per document, minutes for 40,000 sealed documents; this takes 0.16 s.
      sql`select d.id, d.doc_type as "docType", d.bill_no as "billNo", d.vin_sn as vin, l.block_height as height
          from ${SCOPE_DOCS} s join documents d on d.id = s.id
          left join (
            select distinct on (e.subject_id) e.subject_id, e.block_height from ledger_events e
            where e.subject_type = 'document' and e.subject_id in (select id::text from ${SCOPE_DOCS})
            order by e.subject_id, e.id desc
          ) l on l.subject_id = d.id::text`,
    );
    return rows.map((r) => ({
      subject: `sealed:${r.docType}/${r.billNo}/${r.id}`,
      outcome: r.height === null ? 'fail' : 'pass',
      vins: r.vin ? [r.vin] : [],
      cited: [docCite(r)],
      message: {
        zh: `单据 ${r.billNo} 的存证尚未上链`,
        en: `The evidence of document ${r.billNo} is not sealed into a block yet`,
      },
    }));
  },
};
