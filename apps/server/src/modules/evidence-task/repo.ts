import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TListRequestBase, TTaskStatus } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { evidenceTaskItems, evidenceTasks, evidenceUploads, ledgerAnchors, tasks } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';

/*
 * The evidence tasks' tables (schema/evidence-task.ts). Every read and write runs in a tenant transaction
 * (row-level security) and names the enterprise as well; with the 'account' data permission a member
 * reaches only the tasks it created, as the task kit's own list does.
 */

export type EvidenceTaskRow = typeof evidenceTasks.$inferSelect;
export type EvidenceItemRow = typeof evidenceTaskItems.$inferSelect;
export type EvidenceUploadRow = typeof evidenceUploads.$inferSelect;

/** An uploaded VIN list is kept this long. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000;

/** Serialises the enterprise's task creation, so the existing-task check and the insert agree. */
export async function lockEvidenceCreation(tx: Db, enterpriseUuid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`evidence-task:${enterpriseUuid}`}))`);
}

/** The live task of these conditions, or null. */
export async function liveTaskId(
  tx: Db,
  enterpriseUuid: string,
  conditionsKey: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: evidenceTasks.id })
    .from(evidenceTasks)
    .where(
      and(
        eq(evidenceTasks.enterpriseUuid, enterpriseUuid),
        eq(evidenceTasks.conditionsKey, conditionsKey),
        eq(evidenceTasks.live, true),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export const insertEvidenceTask = (tx: Db, row: typeof evidenceTasks.$inferInsert) =>
  tx.insert(evidenceTasks).values(row);

/** The caller's own-scope condition: with the 'account' data permission, the tasks it created. */
function scopeOf(tenant: TenantContext): SQL | undefined {
  return tenant.dataScope === 'account'
    ? sql`exists (select 1 from ${tasks} where ${tasks.id} = ${evidenceTasks.id} and ${tasks.createdBy} = ${tenant.userId})`
    : undefined;
}

/** The caller's tasks of these ids (another enterprise's, or outside the data permission, are left out). */
export function evidenceTaskRows(
  tx: Db,
  tenant: TenantContext,
  ids: readonly string[],
): Promise<EvidenceTaskRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(evidenceTasks)
    .where(
      and(
        eq(evidenceTasks.enterpriseUuid, tenant.enterpriseUuid),
        inArray(evidenceTasks.id, [...ids]),
        scopeOf(tenant),
      ),
    );
}

/** One of the caller's tasks, or null. */
export async function evidenceTaskRow(
  tx: Db,
  tenant: TenantContext,
  id: string,
): Promise<EvidenceTaskRow | null> {
  const [row] = await evidenceTaskRows(tx, tenant, [id]);
  return row ?? null;
}

export interface EvidencePageFilter {
  taskType?: 1 | 2 | undefined;
  status?: TTaskStatus | undefined;
  keyword?: string | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

export async function evidenceTaskPage(
  tx: Db,
  tenant: TenantContext,
  input: TListRequestBase & EvidencePageFilter,
): Promise<{ rows: EvidenceTaskRow[]; total: number }> {
  const kw = input.keyword;
  const c = evidenceTasks.conditions;
  const where = and(
    eq(evidenceTasks.enterpriseUuid, tenant.enterpriseUuid),
    scopeOf(tenant),
    input.taskType ? eq(evidenceTasks.taskType, input.taskType) : undefined,
    input.status
      ? sql`exists (select 1 from ${tasks} where ${tasks.id} = ${evidenceTasks.id} and ${tasks.status} = ${input.status})`
      : undefined,
    kw
      ? sql`(${c}->>'vinSn' = ${kw} or ${c}->>'productCode' = ${kw} or ${c}->>'productBatchNo' = ${kw}
          or ${c}->>'materialsCode' = ${kw} or ${c}->>'projectNumber' = ${kw}
          or jsonb_exists(${evidenceTasks.scope}->'values', ${kw}))`
      : undefined,
    input.createdFrom !== undefined ? gte(evidenceTasks.createdAt, new Date(input.createdFrom)) : undefined,
    input.createdTo !== undefined ? lte(evidenceTasks.createdAt, new Date(input.createdTo)) : undefined,
  );
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(evidenceTasks)
    .where(where);
  const rows = await tx
    .select()
    .from(evidenceTasks)
    .where(where)
    .orderBy(desc(evidenceTasks.createdAt), desc(evidenceTasks.id))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  return { rows, total: count?.n ?? 0 };
}

export async function evidenceItemPage(
  tx: Db,
  enterpriseUuid: string,
  input: TListRequestBase & {
    taskId: string;
    tier?: number | undefined;
    own?: 'own' | 'counterparty' | undefined;
  },
): Promise<{ rows: EvidenceItemRow[]; total: number }> {
  const where = and(
    eq(evidenceTaskItems.enterpriseUuid, enterpriseUuid),
    eq(evidenceTaskItems.taskId, input.taskId),
    input.tier !== undefined ? eq(evidenceTaskItems.tier, input.tier) : undefined,
    input.own ? eq(evidenceTaskItems.own, input.own === 'own') : undefined,
  );
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(evidenceTaskItems)
    .where(where);
  const rows = await tx
    .select()
    .from(evidenceTaskItems)
    .where(where)
    .orderBy(asc(evidenceTaskItems.seq))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  return { rows, total: count?.n ?? 0 };
}

/** Which of these block heights are anchored on the EVM chain (the ledger's anchors are public). */
export async function anchoredHeights(tx: Db, heights: readonly number[]): Promise<Set<number>> {
  if (heights.length === 0) return new Set();
  const rows = await tx
    .select({ height: ledgerAnchors.height })
    .from(ledgerAnchors)
    .where(inArray(ledgerAnchors.height, [...new Set(heights)]));
  return new Set(rows.map((r) => r.height));
}

export const insertItems = (tx: Db, rows: (typeof evidenceTaskItems.$inferInsert)[]) =>
  rows.length ? tx.insert(evidenceTaskItems).values(rows) : Promise.resolve();

export const clearItems = (tx: Db, enterpriseUuid: string, taskId: string) =>
  tx
    .delete(evidenceTaskItems)
    .where(and(eq(evidenceTaskItems.enterpriseUuid, enterpriseUuid), eq(evidenceTaskItems.taskId, taskId)));

export const updateEvidenceTask = (
  tx: Db,
  enterpriseUuid: string,
  id: string,
  changes: Partial<typeof evidenceTasks.$inferInsert>,
) =>
  tx
    .update(evidenceTasks)
    .set(changes)
    .where(and(eq(evidenceTasks.enterpriseUuid, enterpriseUuid), eq(evidenceTasks.id, id)))
    .returning();

export const insertUpload = (tx: Db, row: typeof evidenceUploads.$inferInsert) =>
  tx.insert(evidenceUploads).values(row);

/** The tenant's upload of this key made within the hour, or null. */
export async function uploadRow(
  tx: Db,
  enterpriseUuid: string,
  key: string,
): Promise<EvidenceUploadRow | null> {
  const [row] = await tx
    .select()
    .from(evidenceUploads)
    .where(
      and(
        eq(evidenceUploads.enterpriseUuid, enterpriseUuid),
        eq(evidenceUploads.key, key),
        gte(evidenceUploads.createdAt, new Date(Date.now() - UPLOAD_TTL_MS)),
      ),
    )
    .limit(1);
  return row ?? null;
}
