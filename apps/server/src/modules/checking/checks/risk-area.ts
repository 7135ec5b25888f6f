import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { SCOPE_DOCS, cites, citedDocs, rowsOf, type Check } from './types.ts';

/**
 * The partners (by id) the enterprise's enabled risk rules and risk areas flag, with the reason; and those
 * whose place is not known (not on the platform, or no address): their outcome is unknown, never a pass.
 */
export type RiskMatches = (
  tx: Db,
  enterpriseUuid: string,
  partnerIds: readonly number[],
) => Promise<{ flagged: ReadonlyMap<number, { zh: string; en: string }>; unknown: ReadonlySet<number> }>;

/** A supplier located in a risk area or named by a risk rule (issue 16 items 1 and 5). */
export function riskAreaCheck(riskMatches: RiskMatches): Check {
  return {
    id: 'supplier-in-risk-area',
    version: 1,
    level: 'urgent',
    name: { zh: '供应商位于风险区域', en: 'Supplier located in a risk area' },
    description: {
      zh: '单据中的供应商不应位于企业设置的风险区域内',
      en: "The suppliers of the documents are not located in one of the enterprise's risk areas",
    },
    appliesTo: ['internal', 'linked'],
    async run({ tx, enterpriseUuid }) {
      const rows = await rowsOf<{ id: number; code: string; cited: unknown }>(
        tx,
        sql`select p.id, p.code, ${citedDocs('d')} as cited
            from ${SCOPE_DOCS} s join documents d on d.id = s.id
            join partners p on p.id = d.partner_id and p.partner_type = 'supplier'
            group by p.id, p.code`,
      );
      const { flagged, unknown } = await riskMatches(
        tx,
        enterpriseUuid,
        rows.map((r) => Number(r.id)),
      );
      return rows.map((r) => {
        const area = flagged.get(Number(r.id));
        return {
          subject: `risk:${r.id}`,
          outcome: area ? 'fail' : unknown.has(Number(r.id)) ? 'unknown' : 'pass',
          cited: [{ type: 'partner', id: Number(r.id), label: r.code }, ...cites(r.cited, 5)],
          message: {
            zh: area
              ? `供应商 ${r.code}：${area.zh}`
              : `供应商 ${r.code} 的所在地未知（未入驻平台或未填写地址）`,
            en: area
              ? `Supplier ${r.code}: ${area.en}`
              : `The location of supplier ${r.code} is unknown (not on the platform, or no address)`,
          },
        };
      });
    },
  };
}
