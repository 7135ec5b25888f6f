import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TPartnerType } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { partners } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, searchReader, type TenantScope, visibleRows } from '../../platform/list-query.ts';

// Partners of the enterprise, as the invitations, the settlement and other modules read and write them (the
// list, the detail and the writes are the record store's, service.ts). Every query is scoped here: by the
// enterprise, and by the caller's own rows when its data permission is 'account'.

export type PartnerRow = typeof partners.$inferSelect;
type Enterprise = Pick<TenantContext, 'enterpriseUuid'>;

/** The rows the caller may see and change, beyond the enterprise scope. */
const visible = (tenant: TenantScope) => visibleRows(partners, tenant);

/** The enterprise's partners of a type with one of these codes (whoever created them), by code. */
export async function partnersByCode(
  db: Db,
  tenant: Enterprise,
  partnerType: TPartnerType,
  codes: readonly string[],
): Promise<Map<string, PartnerRow>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select()
    .from(partners)
    .where(
      and(
        eq(partners.enterpriseUuid, tenant.enterpriseUuid),
        eq(partners.partnerType, partnerType),
        inArray(partners.code, [...new Set(codes)]),
      ),
    );
  return new Map(rows.map((r) => [r.code, r]));
}

/** The settlement filter of the list: partners that are (or are not) an enterprise of the platform. */
export function settlementIs(v: unknown): SQL | undefined {
  if (v === 'settled') return isNotNull(partners.partnerEnterpriseUuid);
  if (v === 'unsettled') return isNull(partners.partnerEnterpriseUuid);
  return undefined;
}

/** Records the outcome of an invitation on the partner. */
export async function setInviteOutcome(
  db: Db,
  tenant: Enterprise,
  id: number,
  outcome: {
    inviteStatus: 'invited' | 'failed';
    inviteError: string | null;
    invitedAt: Date;
    inviteImportId: string | null;
  },
): Promise<void> {
  await db
    .update(partners)
    .set(outcome)
    .where(and(eq(partners.enterpriseUuid, tenant.enterpriseUuid), eq(partners.id, id)));
}

/** Stores who the partners are on the platform now (settlement refreshed from the certified enterprises). */
export async function setPartnerEnterprise(
  db: Db,
  tenant: Enterprise,
  ids: readonly number[],
  partnerEnterpriseUuid: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(partners)
    .set({ partnerEnterpriseUuid })
    .where(and(eq(partners.enterpriseUuid, tenant.enterpriseUuid), inArray(partners.id, [...ids])));
}

/** Every tag the caller's visible partners carry, sorted. */
export async function partnerTags(db: Db, tenant: TenantScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`jsonb_array_elements_text(${partners.tags})` })
    .from(partners)
    .where(visible(tenant));
  return rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
}

/** The partners an import invited whose invitation failed. */
export async function failedInvitesOfImport(
  db: Db,
  tenant: TenantScope,
  importId: string,
): Promise<PartnerRow[]> {
  return db
    .select()
    .from(partners)
    .where(and(visible(tenant), eq(partners.inviteImportId, importId), eq(partners.inviteStatus, 'failed')))
    .orderBy(asc(partners.id));
}

/** Partners of a type a mapping can name: code or name contains the keyword, by code, at most `limit`. */
export async function partnerChoices(
  db: Db,
  tenant: TenantScope,
  partnerType: TPartnerType,
  keyword: string | undefined,
  limit: number,
): Promise<PartnerRow[]> {
  // One search of the three columns, through the partners' tenant view (platform/list-query.ts).
  const search = filters.containsAny([partners.code, partners.name, partners.nameEn], keyword);
  return searchReader(db, [search])
    .select()
    .from(partners)
    .where(and(visible(tenant), eq(partners.partnerType, partnerType), search))
    .orderBy(asc(partners.code), asc(partners.id))
    .limit(limit);
}

/** The enterprise's partners among `ids`, whoever created them (the partners mappings name). */
export async function partnersOfEnterprise(
  db: Db,
  tenant: Enterprise,
  ids: readonly number[],
): Promise<PartnerRow[]> {
  const valid = [...new Set(ids.filter(isRowId))];
  if (valid.length === 0) return [];
  return db
    .select()
    .from(partners)
    .where(and(eq(partners.enterpriseUuid, tenant.enterpriseUuid), inArray(partners.id, valid)));
}
