import { and, count, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkingFindings, documents, products, projectCodes } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { visibleRows } from '../../platform/list-query.ts';
import { latestCompletedTask } from '../checking/public.ts';

// The enterprise's own data behind the networks: ordinary tenant queries (row-level security on), scoped to
// the caller's data permission (visibleRows). What other enterprises hold is read through the trace module.

const epochMs = (column: SQL | typeof documents.bizTime) =>
  sql<number | null>`(extract(epoch from ${column}) * 1000)::float8`.mapWith((v) =>
    v === null ? null : Number(v),
  );

/** The codes of the products a network is filtered to; null without a project or product filter. */
export async function filteredProductCodes(
  db: Db,
  tenant: TenantContext,
  projectCode: string,
  productCode: string,
): Promise<string[] | null> {
  if (!projectCode) return productCode ? [productCode] : null;
  const rows = await db
    .selectDistinct({ code: products.code })
    .from(products)
    .innerJoin(projectCodes, eq(projectCodes.id, products.projectCodeId))
    .where(
      and(
        visibleRows(products, tenant),
        eq(projectCodes.enterpriseUuid, tenant.enterpriseUuid),
        eq(projectCodes.code, projectCode),
        productCode ? eq(products.code, productCode) : undefined,
      ),
    );
  return rows.map((r) => r.code);
}

export interface StartLot {
  itemCode: string;
  batchNo: string;
  vinSn: string;
}

/**
 * The enterprise's distinct lots in its documents of these types (within the business time and product
 * codes), newest first, at most `limit` + 1 (one more tells the caller it was cut).
 */
export async function startLots(
  db: Db,
  tenant: TenantContext,
  where: { types: number[]; itemCodes: string[] | null; from: number | null; to: number | null },
  limit: number,
): Promise<StartLot[]> {
  if (where.types.length === 0 || where.itemCodes?.length === 0) return [];
  return db
    .select({ itemCode: documents.itemCode, batchNo: documents.batchNo, vinSn: documents.vinSn })
    .from(documents)
    .where(
      and(
        visibleRows(documents, tenant),
        inArray(documents.docType, where.types),
        where.itemCodes ? inArray(documents.itemCode, where.itemCodes) : undefined,
        where.from === null ? undefined : gte(documents.bizTime, new Date(where.from)),
        where.to === null ? undefined : lte(documents.bizTime, new Date(where.to)),
        or(sql`${documents.batchNo} <> ''`, sql`${documents.vinSn} <> ''`),
      ),
    )
    .groupBy(documents.itemCode, documents.batchNo, documents.vinSn)
    .orderBy(sql`max(${documents.bizTime}) desc`, documents.itemCode, documents.batchNo, documents.vinSn)
    .limit(limit + 1);
}

/** The business-time span of the enterprise's documents of these types. */
export async function bizTimeSpan(db: Db, tenant: TenantContext, types: number[]) {
  const [row] = await db
    .select({ from: epochMs(sql`min(${documents.bizTime})`), to: epochMs(sql`max(${documents.bizTime})`) })
    .from(documents)
    .where(and(visibleRows(documents, tenant), inArray(documents.docType, types)));
  return { from: row?.from ?? null, to: row?.to ?? null };
}

/** One of the enterprise's products, as the start of its network. */
export async function ownProduct(db: Db, tenant: TenantContext, id: number) {
  const [row] = await db
    .select({ code: products.code, batchNo: products.batchNo, vinSn: products.vinSn })
    .from(products)
    .where(and(visibleRows(products, tenant), eq(products.id, id)));
  return row ?? null;
}

export interface OwnLine {
  typeCode: number;
  billNo: string;
  itemCode: string;
  batchNo: string;
  vinSn: string;
  quantity: string | null;
  unit: string;
}

/** The enterprise's document lines of these (type, number) pairs: the quantities of its own flows. */
export async function ownLines(
  db: Db,
  tenant: TenantContext,
  docs: readonly { typeCode: number; billNo: string }[],
): Promise<OwnLine[]> {
  if (docs.length === 0) return [];
  const pairs = sql`select typ, bill from unnest(${sql.param(docs.map((d) => d.typeCode))}::int[], ${sql.param(docs.map((d) => d.billNo))}::text[]) as k(typ, bill)`;
  return db
    .select({
      typeCode: documents.docType,
      billNo: documents.billNo,
      itemCode: documents.itemCode,
      batchNo: documents.batchNo,
      vinSn: documents.vinSn,
      quantity: sql<string | null>`${documents.quantity}::text`,
      unit: documents.unit,
    })
    .from(documents)
    .where(
      and(visibleRows(documents, tenant), sql`(${documents.docType}, ${documents.billNo}) in (${pairs})`),
    );
}

/**
 * The failed findings of the enterprise's newest completed troubleshooting run, by company and level; empty
 * for a member who may not read the troubleshooting records (CheckLog).
 */
export async function latestFindings(
  db: Db,
  tenant: TenantContext,
): Promise<Map<string, { fatal: number; urgent: number; minor: number }>> {
  const out = new Map<string, { fatal: number; urgent: number; minor: number }>();
  if (!tenant.permissions.has('CheckLog')) return out;
  const latest = await latestCompletedTask(db, tenant);
  if (!latest) return out;
  const rows = await db
    .select({ company: checkingFindings.companyUuid, level: checkingFindings.level, n: count() })
    .from(checkingFindings)
    .where(
      and(
        eq(checkingFindings.enterpriseUuid, tenant.enterpriseUuid),
        eq(checkingFindings.taskId, latest.id),
        eq(checkingFindings.outcome, 'fail'),
      ),
    )
    .groupBy(checkingFindings.companyUuid, checkingFindings.level);
  for (const r of rows) {
    const counts = out.get(r.company) ?? { fatal: 0, urgent: 0, minor: 0 };
    counts[r.level] += r.n;
    out.set(r.company, counts);
  }
  return out;
}
