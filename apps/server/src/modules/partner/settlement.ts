import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { setPartnerEnterprise, type PartnerRow } from './repo.ts';

// Settlement (spec 4 "Company: settled or not settled"): a partner is settled once a certified enterprise
// with its USCI exists on the platform. A tenant transaction sees only its own enterprise (row-level
// security), so the certified enterprises are read through tracehub_certified_enterprises (migration 0008),
// which answers only their identity: uuid, USCI, names and DID.

export interface CertifiedEnterprise {
  uuid: string;
  usci: string;
  name: string;
  nameEn: string | null;
  did: string;
}

/** The certified enterprises with these USCIs, by USCI: one query. */
export async function certifiedByUsci(
  db: Db,
  uscis: readonly string[],
): Promise<Map<string, CertifiedEnterprise>> {
  const distinct = [...new Set(uscis)];
  if (distinct.length === 0) return new Map();
  const list = sql.join(
    distinct.map((u) => sql`${u}`),
    sql`, `,
  );
  const rows = await db
    .select({
      uuid: sql<string>`c.uuid`,
      usci: sql<string>`c.usci`,
      name: sql<string>`c.name`,
      nameEn: sql<string | null>`c.english_name`,
      did: sql<string>`c.did`,
    })
    .from(sql`tracehub_certified_enterprises(array[${list}]::text[]) as c`);
  return new Map(rows.map((r) => [r.usci, r]));
}

/**
 * Brings the settlement of the rows up to date (one look-up for all of them, one update per group of rows
 * that changed) and answers the rows as they are now with each one's certified enterprise, if any.
 */
export async function refreshSettlement(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  rows: readonly PartnerRow[],
): Promise<{ rows: PartnerRow[]; enterprises: Map<string, CertifiedEnterprise> }> {
  const enterprises = await certifiedByUsci(
    db,
    rows.map((r) => r.usci),
  );
  const changed = new Map<string | null, number[]>();
  const fresh = rows.map((row) => {
    const now = enterprises.get(row.usci)?.uuid ?? null;
    if (now === row.partnerEnterpriseUuid) return row;
    changed.set(now, [...(changed.get(now) ?? []), row.id]);
    return { ...row, partnerEnterpriseUuid: now };
  });
  for (const [uuid, ids] of changed) await setPartnerEnterprise(db, tenant, ids, uuid);
  return { rows: fresh, enterprises };
}
