import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TListRequestBase, TProductMaterial, TProjectOption } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { NaturalKeyColumns } from '../../platform/imports/natural-keys.ts';
import { enterprises, materials, productMaterials, products, projectCodes } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { bulkInsert, bulkInsertReturning } from '../../platform/bulk-insert.ts';
import { isRowId } from '../../platform/ids.ts';
import {
  filters,
  type ListQuery,
  ownRowsOnly,
  type TenantScope,
  visibleRows,
} from '../../platform/list-query.ts';

// Products of the enterprise and their tracing materials. Every query is scoped here: by the enterprise,
// and by the caller's own rows when its data permission is 'account' (roles: all company data or own data).

export type ProductRow = typeof products.$inferSelect;
type Enterprise = Pick<TenantContext, 'enterpriseUuid'>;

/** What a create or an update writes. */
export type ProductValues = Pick<
  ProductRow,
  'name' | 'nameEn' | 'code' | 'batchNo' | 'vinSn' | 'spec' | 'unit' | 'weight' | 'projectCodeId'
>;

/** A product's natural key: code, batch number and VIN/SN. */
export const productKey = (row: Pick<ProductRow, 'code' | 'batchNo' | 'vinSn'>) => [
  row.code,
  row.batchNo,
  row.vinSn,
];

/** Where a product's natural key (unique in the enterprise) is stored. */
export const PRODUCT_KEY: NaturalKeyColumns = {
  enterpriseColumn: products.enterpriseUuid,
  columns: [products.code, products.batchNo, products.vinSn],
};

const visible = (tenant: TenantScope) => visibleRows(products, tenant);

export interface ProductFilters {
  keyword?: string | undefined;
  code?: string | undefined;
  name?: string | undefined;
  batchNo?: string | undefined;
  vinSn?: string | undefined;
  projectCodeId?: number | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

const productColumns = {
  id: products.id,
  uuid: products.uuid,
  enterpriseUuid: products.enterpriseUuid,
  name: products.name,
  nameEn: products.nameEn,
  code: products.code,
  batchNo: products.batchNo,
  vinSn: products.vinSn,
  spec: products.spec,
  unit: products.unit,
  weight: products.weight,
  projectCodeId: products.projectCodeId,
  did: products.did,
  createdBy: products.createdBy,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/**
 * The conditions of the product list's filters, the data permission included (also the carbon lists', which
 * list products through their footprints).
 */
export function productConditions(tenant: TenantScope, req: ProductFilters): (SQL | undefined)[] {
  return [
    ownRowsOnly(products.createdBy, tenant),
    filters.containsAny(
      [products.code, products.name, products.nameEn, products.batchNo, products.vinSn],
      req.keyword,
    ),
    filters.contains(products.code, req.code),
    filters.containsAny([products.name, products.nameEn], req.name),
    filters.contains(products.batchNo, req.batchNo),
    filters.contains(products.vinSn, req.vinSn),
    filters.eq(products.projectCodeId, req.projectCodeId),
    filters.from(products.createdAt, req.createdFrom),
    filters.to(products.createdAt, req.createdTo),
  ];
}

/** The list's query (page and export); newest first. */
export function productListQuery(
  tenant: TenantContext,
  req: TListRequestBase & ProductFilters,
  extra: (SQL | undefined)[] = [],
): ListQuery<typeof productColumns> {
  return {
    table: products,
    select: productColumns,
    tenantColumn: products.enterpriseUuid,
    tenant,
    where: [...productConditions(tenant, req), ...extra],
    sortable: {
      code: products.code,
      name: products.name,
      batchNo: products.batchNo,
      vinSn: products.vinSn,
      weight: products.weight,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    },
    defaultSort: { column: products.createdAt, order: 'desc' },
    tieBreak: products.id,
    page: req,
  };
}

const optionColumns = {
  id: products.id,
  uuid: products.uuid,
  code: products.code,
  name: products.name,
  nameEn: products.nameEn,
  batchNo: products.batchNo,
  vinSn: products.vinSn,
};

/** Products for pickers (/graph/getProductList): by code, then batch and VIN/SN. */
export function productOptionsQuery(
  tenant: TenantContext,
  req: TListRequestBase & { keyword?: string | undefined },
): ListQuery<typeof optionColumns> {
  return {
    table: products,
    select: optionColumns,
    tenantColumn: products.enterpriseUuid,
    tenant,
    where: productConditions(tenant, { keyword: req.keyword }),
    sortable: { code: products.code, name: products.name, createdAt: products.createdAt },
    defaultSort: { column: products.code, order: 'asc' },
    tieBreak: products.id,
    page: req,
  };
}

export async function findProduct(db: Db, tenant: TenantScope, id: number): Promise<ProductRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(visible(tenant), eq(products.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findProducts(
  db: Db,
  tenant: TenantScope,
  ids: readonly number[],
): Promise<ProductRow[]> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(and(visible(tenant), inArray(products.id, valid)));
}

export async function insertProducts(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
  rows: readonly (ProductValues & { uuid: string; did: string | null })[],
): Promise<ProductRow[]> {
  return bulkInsertReturning(
    db,
    products,
    rows.map((r) => ({ ...r, enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId })),
  );
}

export async function updateProductRow(
  db: Db,
  tenant: TenantScope,
  id: number,
  values: ProductValues,
): Promise<ProductRow | null> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(and(visible(tenant), eq(products.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes products with their tracing materials; the caller deletes their carbon footprints. */
export async function deleteProductRows(
  db: Db,
  tenant: TenantScope,
  ids: readonly number[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  await db
    .delete(productMaterials)
    .where(
      and(
        eq(productMaterials.enterpriseUuid, tenant.enterpriseUuid),
        inArray(productMaterials.productId, ids),
      ),
    );
  return db
    .delete(products)
    .where(and(visible(tenant), inArray(products.id, [...ids])))
    .returning();
}

/** The material ids of each product, in id order. */
export async function materialIdsOf(db: Db, productIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({ productId: productMaterials.productId, materialId: productMaterials.materialId })
    .from(productMaterials)
    .where(inArray(productMaterials.productId, [...productIds]))
    .orderBy(asc(productMaterials.productId), asc(productMaterials.materialId));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.materialId]);
  return out;
}

/** Replaces a product's tracing materials. */
export async function setProductMaterials(
  db: Db,
  tenant: Enterprise,
  productId: number,
  materialIds: readonly number[],
): Promise<void> {
  await db
    .delete(productMaterials)
    .where(
      and(
        eq(productMaterials.enterpriseUuid, tenant.enterpriseUuid),
        eq(productMaterials.productId, productId),
      ),
    );
  await insertProductMaterials(
    db,
    tenant,
    materialIds.map((materialId) => ({ productId, materialId })),
  );
}

export async function insertProductMaterials(
  db: Db,
  tenant: Enterprise,
  pairs: readonly { productId: number; materialId: number }[],
): Promise<void> {
  await bulkInsert(
    db,
    productMaterials,
    pairs.map((p) => ({ ...p, enterpriseUuid: tenant.enterpriseUuid })),
  );
}

const materialColumns = {
  id: materials.id,
  nature: materials.nature,
  code: materials.code,
  name: materials.name,
  nameEn: materials.nameEn,
  batchNo: materials.batchNo,
};

/** The tracing materials of each product, by code. */
export async function materialsOf(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, TProductMaterial[]>> {
  const out = new Map<number, TProductMaterial[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({ productId: productMaterials.productId, ...materialColumns })
    .from(productMaterials)
    .innerJoin(materials, eq(materials.id, productMaterials.materialId))
    .where(inArray(productMaterials.productId, [...productIds]))
    .orderBy(asc(materials.code), asc(materials.batchNo), asc(materials.id));
  for (const { productId, ...material } of rows)
    out.set(productId, [...(out.get(productId) ?? []), material]);
  return out;
}

/** Which of these ids are materials of the enterprise. */
export async function enterpriseMaterialIds(
  db: Db,
  tenant: Enterprise,
  ids: readonly number[],
): Promise<Set<number>> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(eq(materials.enterpriseUuid, tenant.enterpriseUuid), inArray(materials.id, valid)));
  return new Set(rows.map((r) => r.id));
}

/** The enterprise's materials of these codes (every nature and batch of a code), by code. */
export async function materialIdsByCode(
  db: Db,
  tenant: Enterprise,
  codes: readonly string[],
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (codes.length === 0) return out;
  const rows = await db
    .select({ id: materials.id, code: materials.code })
    .from(materials)
    .where(and(eq(materials.enterpriseUuid, tenant.enterpriseUuid), inArray(materials.code, [...codes])))
    .orderBy(asc(materials.id));
  for (const r of rows) out.set(r.code, [...(out.get(r.code) ?? []), r.id]);
  return out;
}

/** The enterprise's project codes by code. */
export async function projectCodeIds(
  db: Db,
  tenant: Enterprise,
  codes: readonly string[],
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: projectCodes.id, code: projectCodes.code })
    .from(projectCodes)
    .where(
      and(eq(projectCodes.enterpriseUuid, tenant.enterpriseUuid), inArray(projectCodes.code, [...codes])),
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** The code of each of these project codes of the enterprise. */
export async function projectNosOf(
  db: Db,
  tenant: Enterprise,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const valid = [...new Set(ids.filter(isRowId))];
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: projectCodes.id, code: projectCodes.code })
    .from(projectCodes)
    .where(and(eq(projectCodes.enterpriseUuid, tenant.enterpriseUuid), inArray(projectCodes.id, valid)));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** Spec 7 getProjectNo: every project code of the enterprise, by code. */
export async function projectOptions(db: Db, tenant: Enterprise): Promise<TProjectOption[]> {
  return db
    .select({ id: projectCodes.id, projectNo: projectCodes.code })
    .from(projectCodes)
    .where(eq(projectCodes.enterpriseUuid, tenant.enterpriseUuid))
    .orderBy(asc(projectCodes.code));
}

/** The enterprise's DID (null before certification): products' DIDs extend it. */
export async function enterpriseDid(db: Db, tenant: Enterprise): Promise<string | null> {
  const [row] = await db
    .select({ did: enterprises.did })
    .from(enterprises)
    .where(eq(enterprises.uuid, tenant.enterpriseUuid))
    .limit(1);
  return row?.did ?? null;
}

/** Whether any product of the enterprise names one of these project codes. */
export async function usesProjectCodes(db: Db, tenant: Enterprise, ids: readonly number[]): Promise<boolean> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .where(and(eq(products.enterpriseUuid, tenant.enterpriseUuid), inArray(products.projectCodeId, valid)))
    .limit(1);
  return row !== undefined;
}

/** Whether any product of the enterprise traces one of these materials. */
export async function tracesMaterials(db: Db, tenant: Enterprise, ids: readonly number[]): Promise<boolean> {
  const valid = ids.filter(isRowId);
  if (valid.length === 0) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(productMaterials)
    .where(
      and(
        eq(productMaterials.enterpriseUuid, tenant.enterpriseUuid),
        inArray(productMaterials.materialId, valid),
      ),
    )
    .limit(1);
  return row !== undefined;
}
