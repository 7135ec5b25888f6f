import { and, eq, inArray, type SQL } from 'drizzle-orm';
import {
  LINKABLE_KINDS,
  type TListRequestBase,
  type TListResponse,
  type TOwnItem,
  type TOwnItemKind,
  type TRelationDirection,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { materials, products } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, runListQuery, type TenantScope, visibleRows } from '../../platform/list-query.ts';

// The enterprise's own side of mappings: its materials (table materials) and products (table products),
// read here directly. A supplier mapping links a purchased material; a client mapping a product or any
// material. Scoped like every list: the enterprise, and the caller's own rows for 'account' data scope.

const materialColumns = {
  id: materials.id,
  code: materials.code,
  name: materials.name,
  nameEn: materials.nameEn,
  batchNo: materials.batchNo,
};
const productColumns = {
  id: products.id,
  code: products.code,
  name: products.name,
  nameEn: products.nameEn,
  batchNo: products.batchNo,
  vinSn: products.vinSn,
};

type MaterialItem = { id: number; code: string; name: string; nameEn: string; batchNo: string };

const asMaterial = (r: MaterialItem): TOwnItem => ({ kind: 'material', ...r, vinSn: '' });
const asProduct = (r: MaterialItem & { vinSn: string }): TOwnItem => ({ kind: 'product', ...r });

/** The materials a mapping of the direction may link: purchased ones for suppliers, any for clients. */
function linkableMaterials(tenant: TenantScope, direction: TRelationDirection): (SQL | undefined)[] {
  return [
    visibleRows(materials, tenant),
    direction === 'supplier' ? eq(materials.nature, 'purchased') : undefined,
  ];
}

function linkableProducts(tenant: TenantScope): (SQL | undefined)[] {
  return [visibleRows(products, tenant)];
}

/** The linked own items of mappings, by kind and id: two queries at most (scoped by the enterprise only). */
export async function ownItemsByRef(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  refs: readonly { materialId: number | null; productId: number | null }[],
): Promise<Map<string, TOwnItem>> {
  const materialIds = [...new Set(refs.flatMap((r) => (r.materialId ? [r.materialId] : [])))];
  const productIds = [...new Set(refs.flatMap((r) => (r.productId ? [r.productId] : [])))];
  const found = new Map<string, TOwnItem>();
  if (materialIds.length) {
    const rows = await db
      .select(materialColumns)
      .from(materials)
      .where(and(eq(materials.enterpriseUuid, tenant.enterpriseUuid), inArray(materials.id, materialIds)));
    for (const r of rows) found.set(ownRef('material', r.id), asMaterial(r));
  }
  if (productIds.length) {
    const rows = await db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.enterpriseUuid, tenant.enterpriseUuid), inArray(products.id, productIds)));
    for (const r of rows) found.set(ownRef('product', r.id), asProduct(r));
  }
  return found;
}

export const ownRef = (kind: TOwnItemKind, id: number) => `${kind}:${id}`;

/** One own item a mapping of the direction may link, or null (unknown, another enterprise's, or not linkable). */
export async function linkableItem(
  db: Db,
  tenant: TenantScope,
  direction: TRelationDirection,
  kind: TOwnItemKind,
  id: number,
): Promise<TOwnItem | null> {
  if (!isRowId(id) || !LINKABLE_KINDS[direction].includes(kind)) return null;
  if (kind === 'material') {
    const [row] = await db
      .select(materialColumns)
      .from(materials)
      .where(and(...linkableMaterials(tenant, direction), eq(materials.id, id)))
      .limit(1);
    return row ? asMaterial(row) : null;
  }
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(...linkableProducts(tenant), eq(products.id, id)))
    .limit(1);
  return row ? asProduct(row) : null;
}

export interface CandidateFilters {
  kind: TOwnItemKind;
  code?: string | undefined;
  name?: string | undefined;
}

/** The link page's candidates of one kind: code and name (Chinese or English) contain; sorted by code. */
export async function pageCandidates(
  db: Db,
  tenant: TenantContext,
  direction: TRelationDirection,
  req: TListRequestBase & CandidateFilters,
): Promise<TListResponse<TOwnItem>> {
  if (req.kind === 'material') {
    const { list, total } = await runListQuery(db, {
      table: materials,
      select: materialColumns,
      tenantColumn: materials.enterpriseUuid,
      tenant,
      where: [
        ...linkableMaterials(tenant, direction),
        filters.contains(materials.code, req.code),
        filters.containsAny([materials.name, materials.nameEn], req.name),
      ],
      sortable: { code: materials.code, name: materials.name, batchNo: materials.batchNo },
      defaultSort: { column: materials.code, order: 'asc' },
      tieBreak: materials.id,
      page: req,
    });
    return { list: list.map(asMaterial), total };
  }
  const { list, total } = await runListQuery(db, {
    table: products,
    select: productColumns,
    tenantColumn: products.enterpriseUuid,
    tenant,
    where: [
      ...linkableProducts(tenant),
      filters.contains(products.code, req.code),
      filters.containsAny([products.name, products.nameEn], req.name),
    ],
    sortable: { code: products.code, name: products.name, batchNo: products.batchNo },
    defaultSort: { column: products.code, order: 'asc' },
    tieBreak: products.id,
    page: req,
  });
  return { list: list.map(asProduct), total };
}
