import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  TListRequestBase,
  TPartnerCreate,
  TPartnerInviteStatus,
  TPartnerType,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { NaturalKeyColumns } from '../../platform/imports/natural-keys.ts';
import { partners } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';
import {
  filters,
  type ListQuery,
  searchReader,
  type TenantScope,
  visibleRows,
} from '../../platform/list-query.ts';

// Partners of the enterprise. Every query is scoped here: by the enterprise, and by the caller's own rows
// when its data permission is 'account'. Codes and USCIs are unique per type in the whole enterprise.

export type PartnerRow = typeof partners.$inferSelect;
type Enterprise = Pick<TenantContext, 'enterpriseUuid'>;

/** The rows the caller may see and change, beyond the enterprise scope. */
const visible = (tenant: TenantScope) => visibleRows(partners, tenant);

const partnerColumns = getTableColumns(partners);

export interface PartnerFilters {
  partnerType?: TPartnerType | undefined;
  code?: string | undefined;
  name?: string | undefined;
  usci?: string | undefined;
  contactName?: string | undefined;
  tags?: string[] | undefined;
  settlement?: 'settled' | 'unsettled' | undefined;
  inviteStatus?: TPartnerInviteStatus | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

/** Partners with any of the tags (jsonb `?|`: does the array hold any of these strings). */
function anyTag(tags: string[] | undefined): SQL | undefined {
  if (!tags?.length) return undefined;
  return sql`${partners.tags} ?| array[${sql.join(
    tags.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
}

function settlement(v: PartnerFilters['settlement']): SQL | undefined {
  if (v === 'settled') return isNotNull(partners.partnerEnterpriseUuid);
  if (v === 'unsettled') return isNull(partners.partnerEnterpriseUuid);
  return undefined;
}

/** The list's query (page and export); newest first. */
export function partnerListQuery(
  tenant: TenantContext,
  req: TListRequestBase & PartnerFilters,
): ListQuery<typeof partnerColumns> {
  return {
    table: partners,
    select: partnerColumns,
    tenantColumn: partners.enterpriseUuid,
    ownerColumn: partners.createdBy,
    tenant,
    where: [
      filters.eq(partners.partnerType, req.partnerType),
      filters.contains(partners.code, req.code),
      filters.containsAny([partners.name, partners.nameEn], req.name),
      filters.contains(partners.usci, req.usci),
      filters.contains(partners.contactName, req.contactName),
      anyTag(req.tags),
      settlement(req.settlement),
      filters.eq(partners.inviteStatus, req.inviteStatus),
      filters.from(partners.createdAt, req.createdFrom),
      filters.to(partners.createdAt, req.createdTo),
    ],
    sortable: {
      code: partners.code,
      name: partners.name,
      createdAt: partners.createdAt,
      updatedAt: partners.updatedAt,
    },
    defaultSort: { column: partners.createdAt, order: 'desc' },
    tieBreak: partners.id,
    page: req,
  };
}

export async function findPartner(db: Db, tenant: TenantScope, id: number): Promise<PartnerRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select()
    .from(partners)
    .where(and(visible(tenant), eq(partners.id, id)))
    .limit(1);
  return row ?? null;
}

/** The visible partners among `ids` (unknown and other enterprises' ids are left out). */
export async function findPartners(
  db: Db,
  tenant: TenantScope,
  ids: readonly number[],
): Promise<PartnerRow[]> {
  const valid = [...new Set(ids.filter(isRowId))];
  if (valid.length === 0) return [];
  return db
    .select()
    .from(partners)
    .where(and(visible(tenant), inArray(partners.id, valid)))
    .orderBy(asc(partners.id));
}

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

/** Where a partner's natural key (type and code, unique in the enterprise) is stored. */
export const PARTNER_KEY: NaturalKeyColumns = {
  enterpriseColumn: partners.enterpriseUuid,
  columns: [partners.partnerType, partners.code],
};

/** Which `type:code` (and `type:usci`) keys the enterprise has: codes and USCIs are unique per type. */
export async function existingKeys(
  db: Db,
  tenant: Enterprise,
  rows: readonly { partnerType: TPartnerType; code: string; usci?: string }[],
): Promise<{ codes: Set<string>; uscis: Set<string> }> {
  if (rows.length === 0) return { codes: new Set(), uscis: new Set() };
  const uscis = [...new Set(rows.flatMap((r) => (r.usci ? [r.usci] : [])))];
  const found = await db
    .select({ partnerType: partners.partnerType, code: partners.code, usci: partners.usci })
    .from(partners)
    .where(
      and(
        eq(partners.enterpriseUuid, tenant.enterpriseUuid),
        or(
          inArray(partners.code, [...new Set(rows.map((r) => r.code))]),
          uscis.length ? inArray(partners.usci, uscis) : undefined,
        ),
      ),
    );
  return {
    codes: new Set(found.map((r) => `${r.partnerType}:${r.code}`)),
    uscis: new Set(found.map((r) => `${r.partnerType}:${r.usci}`)),
  };
}

export type PartnerValues = TPartnerCreate & { partnerEnterpriseUuid: string | null };

export async function insertPartners(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
  rows: readonly PartnerValues[],
): Promise<PartnerRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(partners)
    .values(rows.map((r) => ({ ...r, enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId })))
    .returning();
}

export async function updatePartner(
  db: Db,
  tenant: TenantScope,
  id: number,
  changes: PartnerValues,
): Promise<PartnerRow | null> {
  const [row] = await db
    .update(partners)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(visible(tenant), eq(partners.id, id)))
    .returning();
  return row ?? null;
}

export async function deletePartners(
  db: Db,
  tenant: TenantScope,
  ids: readonly number[],
): Promise<PartnerRow[]> {
  if (ids.length === 0) return [];
  return db
    .delete(partners)
    .where(and(visible(tenant), inArray(partners.id, [...ids])))
    .returning();
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
