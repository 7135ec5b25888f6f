import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { SCOPE_DOCS, cites, citedDocs, rowsOf, type Check } from './types.ts';

/** The risk module's match of counterparties against the enterprise's risk areas (modules/risk/public.ts). */
export type RiskMatches = (
  tx: Db,
  enterpriseUuid: string,
  counterparties: readonly number[],
) => Promise<ReadonlyMap<number, { zh: string; en: string }>>;

/**
 * A supplier located in a risk area (issue 16 item 5). Built from the risk module's riskMatches, which is
 * not on this branch yet: it is left out of the registered checks until it is wired (checks/index.ts).
 */
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
      const matches = await riskMatches(
        tx,
        enterpriseUuid,
        rows.map((r) => Number(r.id)),
      );
      return rows.map((r) => {
        const area = matches.get(Number(r.id));
        return {
          subject: `risk:${r.id}`,
          outcome: area ? 'fail' : 'pass',
          cited: [{ type: 'partner', id: Number(r.id), label: r.code }, ...cites(r.cited, 5)],
          message: {
            zh: `供应商 ${r.code} 位于风险区域 ${area?.zh ?? ''}`,
            en: `Supplier ${r.code} is located in the risk area ${area?.en ?? ''}`,
          },
        };
      });
    },
  };
}
