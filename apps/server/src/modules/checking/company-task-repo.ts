import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TCompanyTaskState } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import {
  checkingCompanyTaskFindings,
  checkingCompanyTaskHistory,
  checkingCompanyTasks,
  enterpriseUsers,
  enterprises,
  partners,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema.ts';

/*
 * The company-task tables (db/schema/checking.ts). Every query names the tenant's side explicitly besides
 * the two-sided row-level security (migration 0032), so a query reads the same under the platform role.
 */

export type CompanyTaskRow = typeof checkingCompanyTasks.$inferSelect;
export type CompanyTaskLineRow = typeof checkingCompanyTaskFindings.$inferSelect;
export type CompanyTaskHistoryRow = typeof checkingCompanyTaskHistory.$inferSelect;

/** Either side of the task: the benchmark that raised it or the supplier it concerns. */
const visibleTo = (tenantUuid: string): SQL =>
  or(eq(checkingCompanyTasks.enterpriseUuid, tenantUuid), eq(checkingCompanyTasks.companyUuid, tenantUuid))!;

export async function companyTaskRow(
  tx: Db,
  tenantUuid: string,
  id: number,
  lock = false,
): Promise<CompanyTaskRow | null> {
  const q = tx
    .select()
    .from(checkingCompanyTasks)
    .where(and(eq(checkingCompanyTasks.id, id), visibleTo(tenantUuid)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function companyTaskPage(
  tx: Db,
  tenantUuid: string,
  f: { state?: TCompanyTaskState | undefined; side?: 'raised' | 'assigned' | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<{ list: CompanyTaskRow[]; total: number }> {
  const where = and(
    f.side === 'raised'
      ? eq(checkingCompanyTasks.enterpriseUuid, tenantUuid)
      : f.side === 'assigned'
        ? eq(checkingCompanyTasks.companyUuid, tenantUuid)
        : visibleTo(tenantUuid),
    f.state ? eq(checkingCompanyTasks.state, f.state) : undefined,
  );
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(checkingCompanyTasks)
    .where(where);
  const list = await tx
    .select()
    .from(checkingCompanyTasks)
    .where(where)
    .orderBy(desc(checkingCompanyTasks.updatedAt), desc(checkingCompanyTasks.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { list, total: count?.n ?? 0 };
}

/** A page of a task's finding lines (optionally of one state): open first, most severe first. */
export async function companyTaskLines(
  tx: Db,
  taskId: number,
  f: { state?: 'open' | 'fixed' | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<{ list: CompanyTaskLineRow[]; total: number }> {
  const where = and(
    eq(checkingCompanyTaskFindings.companyTaskId, taskId),
    f.state ? eq(checkingCompanyTaskFindings.state, f.state) : undefined,
  );
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(checkingCompanyTaskFindings)
    .where(where);
  const list = await tx
    .select()
    .from(checkingCompanyTaskFindings)
    .where(where)
    .orderBy(
      sql`case ${checkingCompanyTaskFindings.state} when 'open' then 0 else 1 end`,
      sql`case ${checkingCompanyTaskFindings.level} when 'fatal' then 0 when 'urgent' then 1 else 2 end`,
      asc(checkingCompanyTaskFindings.id),
    )
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { list, total: count?.n ?? 0 };
}

/** A page of a task's history, oldest first, with the acting account's name (accounts are platform rows). */
export async function companyTaskHistory(tx: Db, taskId: number, page: { pageNo: number; pageSize: number }) {
  const where = eq(checkingCompanyTaskHistory.companyTaskId, taskId);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(checkingCompanyTaskHistory)
    .where(where);
  const list = await tx
    .select({ row: checkingCompanyTaskHistory, actor: users.username })
    .from(checkingCompanyTaskHistory)
    .leftJoin(users, eq(users.id, checkingCompanyTaskHistory.userId))
    .where(where)
    .orderBy(asc(checkingCompanyTaskHistory.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { list, total: count?.n ?? 0 };
}

export async function appendHistory(
  tx: Db,
  row: typeof checkingCompanyTaskHistory.$inferInsert,
): Promise<void> {
  await tx.insert(checkingCompanyTaskHistory).values(row);
}

export async function moveCompanyTask(
  tx: Db,
  id: number,
  values: { state: TCompanyTaskState; result?: string | null },
): Promise<void> {
  await tx
    .update(checkingCompanyTasks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(checkingCompanyTasks.id, id));
}

/** The benchmark's tasks that are not closed, for these suppliers (or all of them). */
export async function liveCompanyTasks(tx: Db, enterpriseUuid: string): Promise<CompanyTaskRow[]> {
  return tx
    .select()
    .from(checkingCompanyTasks)
    .where(
      and(eq(checkingCompanyTasks.enterpriseUuid, enterpriseUuid), ne(checkingCompanyTasks.state, 'closed')),
    );
}

export async function insertCompanyTask(
  tx: Db,
  row: typeof checkingCompanyTasks.$inferInsert,
): Promise<CompanyTaskRow> {
  const [created] = await tx.insert(checkingCompanyTasks).values(row).returning();
  return created!;
}

/** Writes a run's failing lines of a task: new identities inserted, known ones open again with the run's text. */
export async function upsertOpenLines(
  tx: Db,
  rows: readonly (typeof checkingCompanyTaskFindings.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(checkingCompanyTaskFindings)
    .values([...rows])
    .onConflictDoUpdate({
      target: [checkingCompanyTaskFindings.companyTaskId, checkingCompanyTaskFindings.identity],
      set: {
        state: 'open',
        level: sql`excluded.level`,
        messageZh: sql`excluded.message_zh`,
        messageEn: sql`excluded.message_en`,
        cited: sql`excluded.cited`,
        lastRunId: sql`excluded.last_run_id`,
        updatedAt: new Date(),
      },
    });
}

/** Marks the open lines of `taskIds` whose identity a run found fixed; answers how many changed. */
export async function fixLines(
  tx: Db,
  taskIds: readonly number[],
  identities: readonly string[],
  runId: string,
): Promise<number> {
  if (taskIds.length === 0 || identities.length === 0) return 0;
  const changed = await tx
    .update(checkingCompanyTaskFindings)
    .set({ state: 'fixed', lastRunId: runId, updatedAt: new Date() })
    .where(
      and(
        inArray(checkingCompanyTaskFindings.companyTaskId, [...taskIds]),
        inArray(checkingCompanyTaskFindings.identity, [...identities]),
        eq(checkingCompanyTaskFindings.state, 'open'),
      ),
    )
    .returning({ id: checkingCompanyTaskFindings.id });
  return changed.length;
}

/** Recounts a task's lines after a run: open and fixed counts, the worst open level, the run. */
export async function recount(tx: Db, id: number, runId: string): Promise<{ open: number; fixed: number }> {
  const [c] = await tx
    .select({
      open: sql<number>`count(*) filter (where ${checkingCompanyTaskFindings.state} = 'open')::int`,
      fixed: sql<number>`count(*) filter (where ${checkingCompanyTaskFindings.state} = 'fixed')::int`,
      worst: sql<
        string | null
      >`(array_agg(${checkingCompanyTaskFindings.level} order by case ${checkingCompanyTaskFindings.level} when 'fatal' then 0 when 'urgent' then 1 else 2 end) filter (where ${checkingCompanyTaskFindings.state} = 'open'))[1]`,
    })
    .from(checkingCompanyTaskFindings)
    .where(eq(checkingCompanyTaskFindings.companyTaskId, id));
  const open = c?.open ?? 0;
  const fixed = c?.fixed ?? 0;
  await tx
    .update(checkingCompanyTasks)
    .set({
      openCount: open,
      fixedCount: fixed,
      lastRunId: runId,
      updatedAt: new Date(),
      ...(c?.worst ? { maxLevel: c.worst as CompanyTaskRow['maxLevel'] } : {}),
    })
    .where(eq(checkingCompanyTasks.id, id));
  return { open, fixed };
}

/** The benchmark's name for its supplier enterprises (its partner rows), by enterprise uuid. */
export async function supplierNames(
  tx: Db,
  enterpriseUuid: string,
  companyUuids: readonly string[],
): Promise<Map<string, { name: string; nameEn: string }>> {
  if (companyUuids.length === 0) return new Map();
  const rows = await tx
    .select({ uuid: partners.partnerEnterpriseUuid, name: partners.name, nameEn: partners.nameEn })
    .from(partners)
    .where(
      and(
        eq(partners.enterpriseUuid, enterpriseUuid),
        inArray(partners.partnerEnterpriseUuid, [...companyUuids]),
      ),
    );
  return new Map(
    rows.flatMap((r) => (r.uuid ? [[r.uuid, { name: r.name, nameEn: r.nameEn }] as const] : [])),
  );
}

/** The benchmark's own names (its enterprise row, readable in its own transaction). */
export async function ownNames(tx: Db, enterpriseUuid: string): Promise<{ name: string; nameEn: string }> {
  const [row] = await tx
    .select({ name: enterprises.name, nameEn: enterprises.englishName })
    .from(enterprises)
    .where(eq(enterprises.uuid, enterpriseUuid));
  return { name: row?.name ?? '', nameEn: row?.nameEn ?? '' };
}

/**
 * The members of an enterprise told about a company task: its administrators and the members whose roles
 * hold `code`. Platform connection (the recipients belong to another enterprise than the caller's).
 */
export async function membersWithCode(
  platformDb: Db,
  enterpriseUuid: string,
  code: string,
): Promise<number[]> {
  const admins = await platformDb
    .select({ userId: enterpriseUsers.userId })
    .from(enterpriseUsers)
    .where(and(eq(enterpriseUsers.enterpriseUuid, enterpriseUuid), eq(enterpriseUsers.isAdmin, true)));
  const holders = await platformDb
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(
      and(
        eq(userRoles.enterpriseUuid, enterpriseUuid),
        eq(roles.enterpriseUuid, enterpriseUuid),
        eq(roles.status, 'enabled'),
        eq(rolePermissions.code, code),
      ),
    );
  return [...new Set([...admins, ...holders].map((r) => r.userId))];
}
