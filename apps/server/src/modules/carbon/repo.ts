import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { TListRequestBase } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { files, productCarbon, products, users } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, type ListQuery, type TenantScope, visibleRows } from '../../platform/list-query.ts';
import { productConditions, type ProductFilters } from '../product/public.ts';

// Carbon footprint uploads of the enterprise's products. The newest upload of a product is its current
// footprint; every query is scoped by the enterprise (and its products' data permission).

export type CarbonRow = typeof productCarbon.$inferSelect;
type Enterprise = Pick<TenantContext, 'enterpriseUuid'>;

/** An upload with its uploader's name. */
export type CarbonView = CarbonRow & { operator: string };

const carbonColumns = {
  id: productCarbon.id,
  enterpriseUuid: productCarbon.enterpriseUuid,
  productId: productCarbon.productId,
  baseYear: productCarbon.baseYear,
  result: productCarbon.result,
  lcaFileKey: productCarbon.lcaFileKey,
  lcaFileName: productCarbon.lcaFileName,
  lcaFileHash: productCarbon.lcaFileHash,
  authority: productCarbon.authority,
  createdBy: productCarbon.createdBy,
  createdAt: productCarbon.createdAt,
  operator: users.username,
};

/** The newest upload of each product (its current footprint), optionally as of an instant. */
export async function currentFootprints(
  db: Db,
  productIds: readonly number[],
  before?: Date,
): Promise<Map<number, CarbonView>> {
  const ids = productIds.filter(isRowId);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([productCarbon.productId], carbonColumns)
    .from(productCarbon)
    .innerJoin(users, eq(users.id, productCarbon.createdBy))
    .where(
      and(
        inArray(productCarbon.productId, [...ids]),
        before ? lt(productCarbon.createdAt, before) : undefined,
      ),
    )
    .orderBy(productCarbon.productId, desc(productCarbon.createdAt), desc(productCarbon.id));
  return new Map(rows.map((r) => [r.productId, r]));
}

/** One upload with its uploader's name. */
export async function findCarbon(db: Db, tenant: Enterprise, id: number): Promise<CarbonView | null> {
  const [row] = await db
    .select(carbonColumns)
    .from(productCarbon)
    .innerJoin(users, eq(users.id, productCarbon.createdBy))
    .where(and(eq(productCarbon.enterpriseUuid, tenant.enterpriseUuid), eq(productCarbon.id, id)))
    .limit(1);
  return row ?? null;
}

/** A column of a product's current (newest) footprint, as a scalar subquery of the products query. */
export const currentCarbon = (column: typeof productCarbon.baseYear | typeof productCarbon.createdAt): SQL =>
  sql`(select ${column} from ${productCarbon} where ${productCarbon.productId} = ${products.id} order by ${productCarbon.createdAt} desc, ${productCarbon.id} desc limit 1)`;

export async function insertCarbon(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
  values: Pick<
    CarbonRow,
    'productId' | 'baseYear' | 'result' | 'lcaFileKey' | 'lcaFileName' | 'lcaFileHash' | 'authority'
  >,
): Promise<CarbonRow> {
  const [row] = await db
    .insert(productCarbon)
    .values({ ...values, enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId })
    .returning();
  return row!;
}

/** Deletes the footprints of deleted products (their evidence stays on the ledger). */
export async function deleteFootprintsOf(db: Db, tenant: Enterprise, productIds: readonly number[]) {
  if (productIds.length === 0) return;
  await db
    .delete(productCarbon)
    .where(
      and(
        eq(productCarbon.enterpriseUuid, tenant.enterpriseUuid),
        inArray(productCarbon.productId, [...productIds]),
      ),
    );
}

/** An LCA report the enterprise uploaded, by key. */
/** An LCA report the enterprise uploaded for this product (filed under its bizNo), or null. */
export async function lcaReportFile(
  db: Db,
  tenant: Enterprise,
  fileKey: string,
  bizType: string,
  bizNo: string,
) {
  const [row] = await db
    .select({ fileKey: files.fileKey, fileName: files.fileName, sha256: files.sha256 })
    .from(files)
    .where(
      and(
        eq(files.enterpriseUuid, tenant.enterpriseUuid),
        eq(files.fileKey, fileKey),
        eq(files.bizType, bizType),
        // A report filed under another product would be read under that product's data permission.
        eq(files.bizNo, bizNo),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface CarbonFilters extends ProductFilters {
  productId?: number | undefined;
  baseYear?: number | undefined;
}

const historyColumns = {
  ...carbonColumns,
  productName: products.name,
  productNameEn: products.nameEn,
  productCode: products.code,
  productBatchNo: products.batchNo,
  productVinSn: products.vinSn,
};
export type CarbonHistoryRow = CarbonView & {
  productName: string;
  productNameEn: string;
  productCode: string;
  productBatchNo: string;
  productVinSn: string;
};

/**
 * Every upload (history) of the products the filters find, newest first: /queryCarbonFootprintList. Its
 * time bounds are the upload's, the product filters the list's.
 */
export function carbonHistoryQuery(
  tenant: TenantContext,
  req: TListRequestBase & CarbonFilters,
): ListQuery<typeof historyColumns> {
  return {
    table: productCarbon,
    joins: [
      { table: products, on: eq(products.id, productCarbon.productId) },
      { table: users, on: eq(users.id, productCarbon.createdBy) },
    ],
    select: historyColumns,
    tenantColumn: productCarbon.enterpriseUuid,
    tenant,
    where: [
      ...productConditions(tenant, { ...req, createdFrom: undefined, createdTo: undefined }),
      filters.eq(productCarbon.productId, req.productId),
      filters.eq(productCarbon.baseYear, req.baseYear),
      filters.from(productCarbon.createdAt, req.createdFrom),
      filters.to(productCarbon.createdAt, req.createdTo),
    ],
    sortable: { createdAt: productCarbon.createdAt, baseYear: productCarbon.baseYear },
    defaultSort: { column: productCarbon.createdAt, order: 'desc' },
    tieBreak: productCarbon.id,
    page: req,
  };
}

/** Products that have a footprint (the carbon list), and a footprint's product by natural key. */
export const hasFootprint: SQL = sql`exists (select 1 from ${productCarbon} where ${productCarbon.productId} = ${products.id})`;

/**
 * The products matching a code and, when given, a batch number and VIN/SN exactly, that have a footprint
 * uploaded before `before` (all when absent): the candidates of the query-one calls.
 */
export async function productsWithFootprint(
  db: Db,
  tenant: TenantScope,
  match: { code: string; batchNo?: string | undefined; vinSn?: string | undefined },
  before?: Date,
) {
  return db
    .select()
    .from(products)
    .where(
      and(
        visibleRows(products, tenant),
        eq(products.code, match.code),
        match.batchNo === undefined ? undefined : eq(products.batchNo, match.batchNo),
        match.vinSn === undefined ? undefined : eq(products.vinSn, match.vinSn),
        before
          ? sql`exists (select 1 from ${productCarbon} where ${productCarbon.productId} = ${products.id} and ${productCarbon.createdAt} < ${before.toISOString()})`
          : hasFootprint,
      ),
    )
    .limit(1000);
}
