import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, projectCodes } from '../../db/schema.ts';
import type { TenantScope } from '../../platform/list-query.ts';
import { visibleRows } from '../../platform/list-query.ts';

/** A project code with its products by code: the choices of the evidence dialogs and the network's filter. */
export interface ProjectWithProducts {
  code: string;
  notes: string;
  products: { code: string; name: string; nameEn: string; vinCount: number; batches: string[] }[];
}

/** Projects answered at most, and batches listed per product code. */
const MAX_PROJECTS = 200;
const MAX_BATCHES = 100;

/**
 * The enterprise's project codes (one when `projectCode` is given), by code, each with its products grouped
 * by product code: names, VIN/SN count and batches; within the member's data permission. Two reads.
 */
export async function projectsWithProducts(
  db: Db,
  tenant: TenantScope,
  projectCode?: string,
): Promise<ProjectWithProducts[]> {
  const projects = await db
    .select({ id: projectCodes.id, code: projectCodes.code, notes: projectCodes.notes })
    .from(projectCodes)
    .where(
      and(visibleRows(projectCodes, tenant), projectCode ? eq(projectCodes.code, projectCode) : undefined),
    )
    .orderBy(asc(projectCodes.code))
    .limit(MAX_PROJECTS);
  if (projects.length === 0) return [];
  const rows = await db
    .select({
      projectId: products.projectCodeId,
      code: products.code,
      name: sql<string>`min(${products.name})`,
      nameEn: sql<string>`min(${products.nameEn})`,
      vinCount: sql<number>`count(distinct ${products.vinSn}) filter (where ${products.vinSn} <> '')`.mapWith(
        Number,
      ),
      batches: sql<
        string[]
      >`coalesce(array_agg(distinct ${products.batchNo}) filter (where ${products.batchNo} <> ''), '{}')`,
    })
    .from(products)
    .where(
      and(
        visibleRows(products, tenant),
        inArray(
          products.projectCodeId,
          projects.map((p) => p.id),
        ),
        ne(products.code, ''),
      ),
    )
    .groupBy(products.projectCodeId, products.code)
    .orderBy(asc(products.code))
    .limit(5000);
  return projects.map((p) => ({
    code: p.code,
    notes: p.notes,
    products: rows
      .filter((r) => r.projectId === p.id)
      .map((r) => ({
        code: r.code,
        name: r.name,
        nameEn: r.nameEn,
        vinCount: r.vinCount,
        batches: (r.batches ?? []).slice(0, MAX_BATCHES),
      })),
  }));
}
