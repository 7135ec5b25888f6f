import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPES, LIMITS, type TListRequestBase } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { documents, materials, partners, products, projectCodes } from '../../db/schema.ts';
import { isRowId } from '../../platform/ids.ts';
import {
  filters,
  sortableBy,
  type ListQuery,
  type TenantScope,
  visibleRows,
} from '../../platform/list-query.ts';
import type { TenantContext } from '../../platform/context.ts';
import { typesOf } from './links.ts';

// The caller's own data behind the drill-down pages and the start of a trace: ordinary tenant queries
// (row-level security on), scoped here to the enterprise and the caller's data permission.

/** Document types whose item is a product: the VINs/SNs they record count as the product's. */
const PRODUCT_TYPES = DOCUMENT_TYPES.filter((d) => d.item === 'product').map((d) => d.typeCode);
const PRODUCE_TYPES = typesOf('produce');
const CONSUME_TYPES = typesOf('consume');
const FIT_TYPES = typesOf('fit');
const RECEIPT_TYPES = typesOf('receipt');

const visibleDocuments = (tenant: TenantScope) => visibleRows(documents, tenant);
const visibleProducts = (tenant: TenantScope) => visibleRows(products, tenant);

/** The caller's documents or products with this VIN/SN: an item code naming it (a product's first), or null. */
export async function ownVin(
  db: Db,
  tenant: TenantScope,
  vinSn: string,
): Promise<{ itemCode: string } | null> {
  return (await ownVins(db, tenant, [vinSn])).get(vinSn) ?? null;
}

/**
 * ownVin of many VINs/SNs in two reads: the caller's products of them, then its documents of the rest (a
 * document of a product type first). VINs/SNs of neither are absent from the answer.
 */
export async function ownVins(
  db: Db,
  tenant: TenantScope,
  vins: readonly string[],
): Promise<Map<string, { itemCode: string }>> {
  const out = new Map<string, { itemCode: string }>();
  const wanted = [...new Set(vins)].filter((v) => v !== '');
  if (wanted.length === 0) return out;
  const productRows = await db
    .selectDistinctOn([products.vinSn], { vinSn: products.vinSn, code: products.code })
    .from(products)
    .where(and(visibleProducts(tenant), inArray(products.vinSn, wanted)))
    .orderBy(products.vinSn, asc(products.id));
  for (const p of productRows) out.set(p.vinSn, { itemCode: p.code });
  const rest = wanted.filter((v) => !out.has(v));
  if (rest.length === 0) return out;
  const docRows = await db
    .selectDistinctOn([documents.vinSn], {
      vinSn: documents.vinSn,
      itemCode: documents.itemCode,
      docType: documents.docType,
    })
    .from(documents)
    .where(and(visibleDocuments(tenant), inArray(documents.vinSn, rest)))
    .orderBy(
      documents.vinSn,
      sql`${documents.docType} = any(${sql.param(PRODUCT_TYPES)}::int[]) desc`,
      asc(documents.id),
    );
  for (const d of docRows)
    out.set(d.vinSn, { itemCode: PRODUCT_TYPES.includes(d.docType) ? d.itemCode : '' });
  return out;
}

/** Whether the caller has this lot: in its documents, materials or products. */
export async function ownsLot(
  db: Db,
  tenant: TenantScope,
  itemCode: string,
  batchNo: string,
): Promise<boolean> {
  const [doc] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(visibleDocuments(tenant), eq(documents.itemCode, itemCode), eq(documents.batchNo, batchNo)))
    .limit(1);
  if (doc) return true;
  const [material] = await db
    .select({ id: materials.id })
    .from(materials)
    .where(and(visibleRows(materials, tenant), eq(materials.code, itemCode), eq(materials.batchNo, batchNo)))
    .limit(1);
  if (material) return true;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(visibleProducts(tenant), eq(products.code, itemCode), eq(products.batchNo, batchNo)))
    .limit(1);
  return product !== undefined;
}

// ---- (1) project data -------------------------------------------------------------------------------

/** The product codes of a project, for the subqueries below. */
const projectProductCodes = (enterprise: SQL, projectId: SQL) =>
  sql`select p.code from ${products} p where p.enterprise_uuid = ${enterprise} and p.project_code_id = ${projectId}`;

// Drizzle leaves the columns of a one-table query unqualified, which a subquery would take for its own:
// the project's columns are named with their table here.
const projectId = sql.raw('"project_codes"."id"');
const projectEnterprise = sql.raw('"project_codes"."enterprise_uuid"');

const projectColumns = {
  id: projectCodes.id,
  code: projectCodes.code,
  notes: projectCodes.notes,
  createdAt: projectCodes.createdAt,
  productCount: sql<number>`(select count(*)::int from ${products} p
      where p.enterprise_uuid = ${projectEnterprise} and p.project_code_id = ${projectId})`
    .mapWith(Number)
    .as('product_count'),
  vinCount: sql<number>`(select count(*)::int from (
      select p.vin_sn from ${products} p
      where p.enterprise_uuid = ${projectEnterprise} and p.project_code_id = ${projectId} and p.vin_sn <> ''
      union
      select d.vin_sn from ${documents} d
      where d.enterprise_uuid = ${projectEnterprise} and d.vin_sn <> ''
        and d.doc_type = any(${sql.param(PRODUCT_TYPES)}::int[])
        and d.item_code in (${projectProductCodes(projectEnterprise, projectId)})
    ) v)`
    .mapWith(Number)
    .as('vin_count'),
};

/** The project data list: project codes (code contains) with their product and VIN/SN counts. */
export function projectDataQuery(
  tenant: TenantContext,
  req: TListRequestBase & { code?: string | undefined },
): ListQuery<typeof projectColumns> {
  return {
    table: projectCodes,
    select: projectColumns,
    tenantColumn: projectCodes.enterpriseUuid,
    ownerColumn: projectCodes.createdBy,
    tenant,
    where: [filters.contains(projectCodes.code, req.code)],
    sortable: { code: projectCodes.code, createdAt: projectCodes.createdAt },
    defaultSort: { column: projectCodes.createdAt, order: 'desc' },
    tieBreak: projectCodes.id,
    page: req,
  };
}

// ---- (2) product data -------------------------------------------------------------------------------

export interface ProductDataRow {
  productId: number | null;
  code: string;
  name: string;
  nameEn: string;
  batchNo: string;
  vinSn: string;
}

const PRODUCT_SORT: Record<string, string> = { code: 'code', batchNo: 'batch_no', vinSn: 'vin_sn' };

/**
 * The products of a project and the VINs/SNs the caller's documents record for their codes (those no product
 * carries), filtered, sorted and paged as one list, with its total counted up to LIMITS.maxCountedTotal.
 */
export async function productDataPage(
  db: Db,
  tenant: TenantScope,
  req: TListRequestBase & { projectCodeId: number; code?: string | undefined; vinSn?: string | undefined },
): Promise<{ list: ProductDataRow[]; total: number }> {
  if (!isRowId(req.projectCodeId)) return { list: [], total: 0 };
  const [project] = await db
    .select({ id: projectCodes.id })
    .from(projectCodes)
    .where(and(visibleRows(projectCodes, tenant), eq(projectCodes.id, req.projectCodeId)))
    .limit(1);
  if (!project) return { list: [], total: 0 };
  const ent = tenant.enterpriseUuid;
  const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const codeFilter = (col: SQL) => (req.code ? sql` and ${col} ilike ${like(req.code)}` : sql``);
  const vinFilter = (col: SQL) => (req.vinSn ? sql` and ${col} ilike ${like(req.vinSn)}` : sql``);
  const ownProducts = tenant.dataScope === 'account' ? sql` and p.created_by = ${tenant.userId}` : sql``;
  const ownDocuments = tenant.dataScope === 'account' ? sql` and d.created_by = ${tenant.userId}` : sql``;
  const union = sql`
    select p.id as product_id, p.code, p.name, p.name_en, p.batch_no, p.vin_sn
    from ${products} p
    where p.enterprise_uuid = ${ent} and p.project_code_id = ${project.id}${ownProducts}
      ${codeFilter(sql`p.code`)}${vinFilter(sql`p.vin_sn`)}
    union all
    select * from (
      select distinct on (d.item_code, d.vin_sn) null::int, d.item_code, d.item_name, '', d.batch_no, d.vin_sn
      from ${documents} d
      where d.enterprise_uuid = ${ent} and d.vin_sn <> '' and d.doc_type = any(${sql.param(PRODUCT_TYPES)}::int[])
        and d.item_code in (${projectProductCodes(sql`${ent}`, sql`${project.id}`)}${ownProducts})${ownDocuments}
        and not exists (select 1 from ${products} p2 where p2.enterprise_uuid = ${ent} and p2.vin_sn = d.vin_sn)
        ${codeFilter(sql`d.item_code`)}${vinFilter(sql`d.vin_sn`)}
      order by d.item_code, d.vin_sn, d.id
    ) found`;
  const chosen = sortableBy(PRODUCT_SORT, req.sortField);
  const sortColumn = chosen ?? 'code';
  const order = chosen && req.sortOrder === 'desc' ? 'desc' : 'asc';
  const rows = await db
    .select({
      productId: sql<number | null>`u.product_id`,
      code: sql<string>`u.code`,
      name: sql<string>`u.name`,
      nameEn: sql<string>`u.name_en`,
      batchNo: sql<string>`u.batch_no`,
      vinSn: sql<string>`u.vin_sn`,
    })
    .from(sql`(${union}) u`)
    .orderBy(
      sql`${sql.raw(`u.${sortColumn} ${order}`)}, u.code, u.batch_no, u.vin_sn, u.product_id nulls last`,
    )
    .limit(req.pageSize)
    .offset((req.pageNo - 1) * req.pageSize);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(sql`(select 1 from (${union}) u limit ${LIMITS.maxCountedTotal}) capped`);
  return {
    list: rows.map((r) => ({ ...r, productId: r.productId === null ? null : Number(r.productId) })),
    total: counted?.n ?? 0,
  };
}

// ---- (3) materials of a product lot or VIN ------------------------------------------------------------

export type MaterialLine = Pick<
  typeof documents.$inferSelect,
  | 'docType'
  | 'billNo'
  | 'bizTime'
  | 'itemCode'
  | 'itemName'
  | 'batchNo'
  | 'vinSn'
  | 'quantity'
  | 'unit'
  | 'partnerId'
> & { link: 'consumed' | 'fitted' };

const lineColumns = {
  docType: documents.docType,
  billNo: documents.billNo,
  bizTime: documents.bizTime,
  itemCode: documents.itemCode,
  itemName: documents.itemName,
  batchNo: documents.batchNo,
  vinSn: documents.vinSn,
  quantity: documents.quantity,
  unit: documents.unit,
  partnerId: documents.partnerId,
};

/**
 * The lines of what went into a product lot or VIN/SN: the pickings its completions name, and the rows of
 * the parts fitted into the VIN/SN.
 */
export async function materialLines(
  db: Db,
  tenant: TenantScope,
  of: { itemCode: string; batchNo: string; vinSn: string },
): Promise<MaterialLine[]> {
  const identifies = or(
    of.vinSn ? eq(documents.vinSn, of.vinSn) : undefined,
    of.itemCode && of.batchNo
      ? and(eq(documents.itemCode, of.itemCode), eq(documents.batchNo, of.batchNo))
      : undefined,
  );
  if (!identifies) return [];
  const completions = await db
    .select({ related: documents.relatedBillNos })
    .from(documents)
    .where(and(visibleDocuments(tenant), inArray(documents.docType, PRODUCE_TYPES), identifies));
  const bills = [...new Set(completions.flatMap((c) => c.related))];
  const consumed = bills.length
    ? await db
        .select(lineColumns)
        .from(documents)
        .where(
          and(
            visibleDocuments(tenant),
            inArray(documents.billNo, bills),
            inArray(documents.docType, CONSUME_TYPES),
          ),
        )
    : [];
  const fitted = of.vinSn
    ? await db
        .select(lineColumns)
        .from(documents)
        .where(
          and(visibleDocuments(tenant), eq(documents.vinSn, of.vinSn), inArray(documents.docType, FIT_TYPES)),
        )
    : [];
  return [
    ...consumed.map((r) => ({ ...r, link: 'consumed' as const })),
    ...fitted.map((r) => ({ ...r, link: 'fitted' as const })),
  ];
}

/** The supplier partners of the caller's receipts of these lots, by lot (item code and batch, or VIN/SN). */
export async function receiptPartnersOf(
  db: Db,
  tenant: TenantScope,
  lots: readonly { itemCode: string; batchNo: string; vinSn: string }[],
): Promise<{ itemCode: string; batchNo: string; vinSn: string; partnerId: number }[]> {
  const byLot = lots
    .filter((l) => l.itemCode && (l.batchNo || l.vinSn))
    .map((l) =>
      and(
        eq(documents.itemCode, l.itemCode),
        l.batchNo ? eq(documents.batchNo, l.batchNo) : eq(documents.vinSn, l.vinSn),
      ),
    );
  if (byLot.length === 0) return [];
  const rows = await db
    .selectDistinct({
      itemCode: documents.itemCode,
      batchNo: documents.batchNo,
      vinSn: documents.vinSn,
      partnerId: documents.partnerId,
    })
    .from(documents)
    .where(and(visibleDocuments(tenant), inArray(documents.docType, RECEIPT_TYPES), or(...byLot)));
  return rows.flatMap((r) => (r.partnerId === null ? [] : [{ ...r, partnerId: r.partnerId }]));
}

export interface PartnerIdentity {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  settled: boolean;
}

/** The caller's own partners among these ids (another enterprise's ids find nothing). */
export async function ownPartners(
  db: Db,
  tenant: TenantScope,
  ids: readonly number[],
): Promise<Map<number, PartnerIdentity>> {
  const wanted = [...new Set(ids)].filter(isRowId);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: partners.id,
      code: partners.code,
      name: partners.name,
      nameEn: partners.nameEn,
      settled: sql<boolean>`${partners.partnerEnterpriseUuid} is not null`,
    })
    .from(partners)
    .where(and(eq(partners.enterpriseUuid, tenant.enterpriseUuid), inArray(partners.id, wanted)))
    .orderBy(desc(partners.id));
  return new Map(rows.map((r) => [r.id, r]));
}
