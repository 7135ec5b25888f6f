import { and, eq } from 'drizzle-orm';
import type { TListRequestBase, TProjectCode } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { NaturalKeyColumns } from '../../platform/imports/natural-keys.ts';

import { projectCodes } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, type ListQuery, type TenantScope, visibleRows } from '../../platform/list-query.ts';
import { latestChainDetails } from '../../platform/ledger/records.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';

// Project codes of the enterprise. Every query is scoped here: by the enterprise, and by the caller's own
// rows when its data permission is 'account' (roles: all company data or own account data).

export type ProjectRow = typeof projectCodes.$inferSelect;

/** The rows the caller may see and change, beyond the enterprise scope. */
const visible = (tenant: TenantScope) => visibleRows(projectCodes, tenant);

export interface ProjectFilters {
  code?: string | undefined;
  notes?: string | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

const projectColumns = {
  id: projectCodes.id,
  enterpriseUuid: projectCodes.enterpriseUuid,
  code: projectCodes.code,
  notes: projectCodes.notes,
  createdBy: projectCodes.createdBy,
  createdAt: projectCodes.createdAt,
  updatedAt: projectCodes.updatedAt,
};

/** The list's query (page and export): code and notes contain, created time range; newest first. */
export function projectListQuery(
  tenant: TenantContext,
  req: TListRequestBase & ProjectFilters,
): ListQuery<typeof projectColumns> {
  return {
    table: projectCodes,
    select: projectColumns,
    tenantColumn: projectCodes.enterpriseUuid,
    ownerColumn: projectCodes.createdBy,
    tenant,
    where: [
      filters.contains(projectCodes.code, req.code),
      filters.contains(projectCodes.notes, req.notes),
      filters.from(projectCodes.createdAt, req.createdFrom),
      filters.to(projectCodes.createdAt, req.createdTo),
    ],
    sortable: {
      code: projectCodes.code,
      createdAt: projectCodes.createdAt,
      updatedAt: projectCodes.updatedAt,
    },
    defaultSort: { column: projectCodes.createdAt, order: 'desc' },
    tieBreak: projectCodes.id,
    page: req,
  };
}

export async function findProject(db: Db, tenant: TenantScope, id: number): Promise<ProjectRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select()
    .from(projectCodes)
    .where(and(visible(tenant), eq(projectCodes.id, id)))
    .limit(1);
  return row ?? null;
}

/** Where a project code's natural key (its code, unique in the enterprise) is stored. */
export const PROJECT_KEY: NaturalKeyColumns = {
  enterpriseColumn: projectCodes.enterpriseUuid,
  columns: [projectCodes.code],
};

export async function insertProjects(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
  rows: readonly { code: string; notes: string }[],
): Promise<ProjectRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(projectCodes)
    .values(rows.map((r) => ({ ...r, enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId })))
    .returning();
}

export async function updateProject(
  db: Db,
  tenant: TenantScope,
  id: number,
  changes: { code: string; notes: string },
): Promise<ProjectRow | null> {
  const [row] = await db
    .update(projectCodes)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(visible(tenant), eq(projectCodes.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteProject(db: Db, tenant: TenantScope, id: number): Promise<ProjectRow | null> {
  const [row] = await db
    .delete(projectCodes)
    .where(and(visible(tenant), eq(projectCodes.id, id)))
    .returning();
  return row ?? null;
}

/** The rows as the API shows them, each with the chain detail of its latest evidence. */
export async function withChainDetails(db: Db, rows: readonly ProjectRow[]): Promise<TProjectCode[]> {
  const chains = await latestChainDetails(
    db,
    EVIDENCE.projectCreated.subjectType,
    rows.map((r) => String(r.id)),
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    notes: r.notes,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
    chain: chains.get(String(r.id)) ?? null,
  }));
}
