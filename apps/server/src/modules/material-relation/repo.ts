import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TListRequestBase, TRelationDirection } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { NaturalKeyColumns } from '../../platform/imports/natural-keys.ts';
import { materialRelations, materials, products } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, type ListQuery, type TenantScope, visibleRows } from '../../platform/list-query.ts';

// Material code mappings of the enterprise, of one direction (supplier or client). Every query is scoped
// here: by the enterprise and direction, and by the caller's own rows when its data permission is
// 'account'. A mapping is unique per direction by partner code and partner material number.

export type RelationRow = typeof materialRelations.$inferSelect;
type Enterprise = Pick<TenantContext, 'enterpriseUuid'>;

const visible = (tenant: TenantScope, direction: TRelationDirection) =>
  and(visibleRows(materialRelations, tenant), eq(materialRelations.direction, direction));

const relationColumns = getTableColumns(materialRelations);

export interface RelationFilters {
  partnerCode?: string | undefined;
  partnerName?: string | undefined;
  partnerMaterialNo?: string | undefined;
  partnerMaterialName?: string | undefined;
  ownCode?: string | undefined;
  linkState?: 'linked' | 'unlinked' | undefined;
  partnerId?: number | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

/** Mappings linked to an own material or product whose code contains the text. */
function ownCodeContains(tenant: Enterprise, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return or(
    sql`${materialRelations.materialId} in (select ${materials.id} from ${materials} where ${and(
      eq(materials.enterpriseUuid, tenant.enterpriseUuid),
      filters.contains(materials.code, text),
    )})`,
    sql`${materialRelations.productId} in (select ${products.id} from ${products} where ${and(
      eq(products.enterpriseUuid, tenant.enterpriseUuid),
      filters.contains(products.code, text),
    )})`,
  );
}

function linkState(v: RelationFilters['linkState']): SQL | undefined {
  const linked = or(isNotNull(materialRelations.materialId), isNotNull(materialRelations.productId));
  if (v === 'linked') return linked;
  if (v === 'unlinked') return and(isNull(materialRelations.materialId), isNull(materialRelations.productId));
  return undefined;
}

/** The list's query (page and export) of one direction; newest first. */
export function relationListQuery(
  tenant: TenantContext,
  direction: TRelationDirection,
  req: TListRequestBase & RelationFilters,
): ListQuery<typeof relationColumns> {
  return {
    table: materialRelations,
    select: relationColumns,
    tenantColumn: materialRelations.enterpriseUuid,
    ownerColumn: materialRelations.createdBy,
    tenant,
    where: [
      eq(materialRelations.direction, direction),
      filters.contains(materialRelations.partnerCode, req.partnerCode),
      filters.contains(materialRelations.partnerName, req.partnerName),
      filters.contains(materialRelations.partnerMaterialNo, req.partnerMaterialNo),
      filters.contains(materialRelations.partnerMaterialName, req.partnerMaterialName),
      ownCodeContains(tenant, req.ownCode),
      linkState(req.linkState),
      filters.eq(materialRelations.partnerId, req.partnerId),
      filters.from(materialRelations.createdAt, req.createdFrom),
      filters.to(materialRelations.createdAt, req.createdTo),
    ],
    sortable: {
      partnerCode: materialRelations.partnerCode,
      partnerMaterialNo: materialRelations.partnerMaterialNo,
      createdAt: materialRelations.createdAt,
      updatedAt: materialRelations.updatedAt,
    },
    defaultSort: { column: materialRelations.createdAt, order: 'desc' },
    tieBreak: materialRelations.id,
    page: req,
  };
}

/** The visible mappings of the direction among `ids`, by id. */
export async function findRelations(
  db: Db,
  tenant: TenantScope,
  direction: TRelationDirection,
  ids: readonly number[],
): Promise<RelationRow[]> {
  const valid = [...new Set(ids.filter(isRowId))];
  if (valid.length === 0) return [];
  return db
    .select()
    .from(materialRelations)
    .where(and(visible(tenant, direction), inArray(materialRelations.id, valid)))
    .orderBy(asc(materialRelations.id));
}

/** Where a mapping's natural key (partner code and partner material number, per direction) is stored. */
export const relationKeyAt = (direction: TRelationDirection): NaturalKeyColumns => ({
  enterpriseColumn: materialRelations.enterpriseUuid,
  columns: [materialRelations.partnerCode, materialRelations.partnerMaterialNo],
  where: eq(materialRelations.direction, direction),
});

export interface RelationValues {
  partnerId: number | null;
  partnerCode: string;
  partnerName: string;
  partnerMaterialNo: string;
  partnerMaterialName: string;
  notes: string;
}

export async function insertRelations(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
  direction: TRelationDirection,
  rows: readonly RelationValues[],
): Promise<RelationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(materialRelations)
    .values(
      rows.map((r) => ({ ...r, direction, enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId })),
    )
    .returning();
}

export async function updateRelation(
  db: Db,
  tenant: TenantScope,
  direction: TRelationDirection,
  id: number,
  changes: Partial<RelationValues> & { materialId?: number | null; productId?: number | null },
): Promise<RelationRow | null> {
  const [row] = await db
    .update(materialRelations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(visible(tenant, direction), eq(materialRelations.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRelations(
  db: Db,
  tenant: TenantScope,
  direction: TRelationDirection,
  ids: readonly number[],
): Promise<RelationRow[]> {
  if (ids.length === 0) return [];
  return db
    .delete(materialRelations)
    .where(and(visible(tenant, direction), inArray(materialRelations.id, [...ids])))
    .returning();
}

/** Whether any mapping of the enterprise (either direction) points at one of these rows. */
export async function anyRelationWith(
  db: Db,
  tenant: Enterprise,
  column: 'materialId' | 'productId' | 'partnerId',
  ids: readonly number[],
): Promise<boolean> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return false;
  const [row] = await db
    .select({ id: materialRelations.id })
    .from(materialRelations)
    .where(
      and(
        eq(materialRelations.enterpriseUuid, tenant.enterpriseUuid),
        inArray(materialRelations[column], valid),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Keeps the mappings of these partners in step with them: mappings that name a partner take its current code
 * and name, and mappings imported with a code no partner had yet are matched to the new partner of that
 * code. Two statements, whatever the number of partners.
 */
export async function followPartners(
  db: Db,
  tenant: Enterprise,
  partnerIds: readonly number[],
): Promise<void> {
  const ids = partnerIds.filter(isRowId);
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    update material_relations m set partner_code = p.code, partner_name = p.name
    from partners p
    where p.id in (${list}) and p.enterprise_uuid = ${tenant.enterpriseUuid}
      and m.enterprise_uuid = p.enterprise_uuid and m.partner_id = p.id
      and (m.partner_code <> p.code or m.partner_name <> p.name)`);
  await db.execute(sql`
    update material_relations m set partner_id = p.id, partner_name = p.name
    from partners p
    where p.id in (${list}) and p.enterprise_uuid = ${tenant.enterpriseUuid}
      and m.enterprise_uuid = p.enterprise_uuid and m.partner_id is null
      and m.direction = p.partner_type and m.partner_code = p.code`);
}
