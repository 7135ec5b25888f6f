import { sql } from 'drizzle-orm';
import { enterpriseIdentities } from '../../trace/public.ts';
import { SCOPE_DOCS, cites, citedDocs, rowsOf, type Check } from './types.ts';

/** A supplier named by the scope's documents that is not a certified company of the platform with a DID. */
export const supplierUncertified: Check = {
  id: 'supplier-uncertified',
  version: 1,
  level: 'urgent',
  name: { zh: '供应商未认证或无DID', en: 'Supplier not certified or without a DID' },
  description: {
    zh: '单据中的供应商应已入驻平台、通过认证并拥有DID',
    en: 'The suppliers of the documents are settled on the platform, certified and hold a DID',
  },
  appliesTo: ['internal', 'linked'],
  async run({ tx }) {
    const rows = await rowsOf<{
      id: number;
      code: string;
      name: string;
      ent: string | null;
      cited: unknown;
    }>(
      tx,
      sql`select p.id, p.code, p.name, p.partner_enterprise_uuid as ent, ${citedDocs('d')} as cited
          from ${SCOPE_DOCS} s join documents d on d.id = s.id
          join partners p on p.id = d.partner_id and p.partner_type = 'supplier'
          group by p.id, p.code, p.name, p.partner_enterprise_uuid`,
    );
    const identities = await enterpriseIdentities(
      tx,
      rows.flatMap((r) => (r.ent ? [r.ent] : [])),
    );
    return rows.map((r) => {
      const did = r.ent ? identities.get(r.ent)?.did : null;
      return {
        subject: `supplier:${r.id}`,
        outcome: did ? 'pass' : 'fail',
        ...(r.ent ? { companyUuid: r.ent } : {}),
        cited: [{ type: 'partner', id: Number(r.id), label: r.code }, ...cites(r.cited, 5)],
        message: r.ent
          ? {
              zh: `供应商 ${r.name} 未通过认证或没有DID`,
              en: `Supplier ${r.name} is not certified or has no DID`,
            }
          : { zh: `供应商 ${r.name} 未入驻平台`, en: `Supplier ${r.name} is not settled on the platform` },
      };
    });
  },
};
