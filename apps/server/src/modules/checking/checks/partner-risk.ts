import { sql } from 'drizzle-orm';
import { riskMatches } from '../../risk/public.ts';
import type { RiskMatches } from './risk-area.ts';
import { rowsOf } from './types.ts';

/**
 * riskMatches of the risk module for partners: each partner's place is its certified enterprise's
 * (tracehub_enterprise_places, migration 0031: country, province and city only); a partner not on the
 * platform, or without an address, has no known place.
 */
export const partnerRiskMatches: RiskMatches = async (tx, enterpriseUuid, partnerIds) => {
  if (partnerIds.length === 0) return { flagged: new Map(), unknown: new Set() };
  const ids = sql.join(
    partnerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const partners = await rowsOf<{ id: number; name: string; usci: string }>(
    tx,
    sql`select id, name, usci from partners where id in (${ids})`,
  );
  const uscis = sql.join(
    partners.map((p) => sql`${p.usci}`),
    sql`, `,
  );
  const places = await rowsOf<{
    usci: string;
    country: string | null;
    province: string | null;
    city: string | null;
  }>(tx, sql`select usci, country, province, city from tracehub_enterprise_places(array[${uscis}]::text[])`);
  const placeOf = new Map(places.map((p) => [p.usci, p]));
  const key = (id: number) => `partner:${id}`;
  const matches = await riskMatches(
    tx,
    enterpriseUuid,
    partners.map((p) => {
      const place = placeOf.get(p.usci);
      return {
        enterpriseUuid: key(p.id),
        name: p.name,
        taxNumber: p.usci,
        country: place?.country ?? null,
        province: place?.province ?? null,
        city: place?.city ?? null,
      };
    }),
  );
  const flagged = new Map<number, { zh: string; en: string }>();
  for (const m of matches) {
    const id = Number(m.counterpartyUuid.slice('partner:'.length));
    if (!flagged.has(id)) flagged.set(id, m.reason);
  }
  // A watch list or a named company can flag a partner whatever its place; otherwise no place is unknown.
  const unknown = new Set(
    partners.filter((p) => !flagged.has(p.id) && !placeOf.get(p.usci)?.country).map((p) => p.id),
  );
  return { flagged, unknown };
};
