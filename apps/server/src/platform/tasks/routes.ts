import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  TASK_KINDS,
  api,
  errorByCode,
  taskAccess,
  type TTask,
  type TTaskAccess,
  type TTaskKind,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { tasks, users } from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { registerRawEndpoint, sendFile, XLSX_CONTENT_TYPE } from '../http-binary.ts';
import { registerEndpoint } from '../http.ts';
import { creatorJoin, filters, runListQuery } from '../list-query.ts';
import { assertEndpointAccess, holdsAccess } from '../permissions.ts';
import { withTenant } from '../tenancy.ts';
import { cancelTask, retryTask, taskRow, withdrawTask, wakeTaskWorkers, type TaskRow } from './kit.ts';

/*
 * The task endpoints (contract task.ts): a task belongs to a page, and its kind's codes on that page open
 * it (TASK_KINDS); the enterprise scopes every query, and with the 'account' data permission a member sees
 * only the tasks it created, as visibleRows does for records. Another enterprise's task is unknown (E1003).
 */

/** The columns of a task as the endpoints present it (with its operator's name). */
export const taskColumns = {
  id: tasks.id,
  kind: tasks.kind,
  page: tasks.page,
  status: tasks.status,
  progressDone: tasks.progressDone,
  progressTotal: tasks.progressTotal,
  phase: tasks.phase,
  reasonCode: tasks.reasonCode,
  resultKey: tasks.resultKey,
  resultName: tasks.resultName,
  createdBy: tasks.createdBy,
  operator: users.username,
  createdAt: tasks.createdAt,
  startedAt: tasks.startedAt,
  finishedAt: tasks.finishedAt,
};
export type TaskView = Pick<
  TaskRow,
  | 'id'
  | 'kind'
  | 'page'
  | 'status'
  | 'progressDone'
  | 'progressTotal'
  | 'phase'
  | 'reasonCode'
  | 'resultKey'
  | 'resultName'
  | 'createdBy'
  | 'createdAt'
  | 'startedAt'
  | 'finishedAt'
> & { operator: string };

/** A task row as the contract's TTask. */
export function toTask(row: TaskView, tenant: Pick<TenantContext, 'userId'>): TTask {
  const reason = row.reasonCode ? errorByCode(row.reasonCode) : undefined;
  return {
    id: row.id,
    kind: row.kind as TTaskKind,
    page: row.page,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal, phase: row.phase },
    reason: row.reasonCode
      ? { code: row.reasonCode, zh: reason?.zh ?? row.reasonCode, en: reason?.en ?? row.reasonCode }
      : null,
    hasResult: row.resultKey !== null,
    resultName: row.resultName,
    operator: row.operator,
    mine: row.createdBy === tenant.userId,
    createdAt: row.createdAt.getTime(),
    startedAt: row.startedAt?.getTime() ?? null,
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}

async function taskView(db: Db, tenant: TenantContext, id: string): Promise<TTask> {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.createdBy))
    .where(and(eq(tasks.enterpriseUuid, tenant.enterpriseUuid), eq(tasks.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toTask(row, tenant);
}

/**
 * The task of `id` if the caller may see it, with its page's codes: E1003 when it is another enterprise's
 * (or none) or outside an 'account' data permission, E1008 without the view code of its kind and page.
 */
async function accessibleTask(
  db: Db,
  tenant: TenantContext,
  id: string,
): Promise<{ row: TaskRow; access: TTaskAccess }> {
  const row = await taskRow(db, id);
  if (!row || row.enterpriseUuid !== tenant.enterpriseUuid) throw new AppError('NOT_FOUND');
  const access = taskAccess(row.kind, row.page);
  if (!access) throw new AppError('NOT_FOUND');
  assertEndpointAccess(access.view, tenant);
  if (tenant.dataScope === 'account' && row.createdBy !== tenant.userId) throw new AppError('NOT_FOUND');
  return { row, access };
}

/** The kinds of task of `page` whose view code the caller holds; E1008 (or B2030) when none. */
function visibleKinds(tenant: TenantContext, page: string): TTaskKind[] {
  const onPage = (Object.keys(TASK_KINDS) as TTaskKind[]).filter((k) => taskAccess(k, page));
  if (onPage.length === 0) throw new AppError('FORBIDDEN');
  const held = onPage.filter((k) => holdsAccess(taskAccess(k, page)!.view, tenant));
  // Without any, the check of them all answers the right refusal (no code, or a page not configured).
  if (held.length === 0)
    assertEndpointAccess([...new Set(onPage.flatMap((k) => taskAccess(k, page)!.view))], tenant);
  return held;
}

const contentTypeOf = (fileName: string) =>
  fileName.toLowerCase().endsWith('.xlsx')
    ? XLSX_CONTENT_TYPE
    : fileName.toLowerCase().endsWith('.zip')
      ? 'application/zip'
      : fileName.toLowerCase().endsWith('.pdf')
        ? 'application/pdf'
        : 'application/octet-stream';

export function taskRoutes(app: FastifyInstance, deps: AppDeps): void {
  const ep = api.task;

  registerEndpoint(app, deps, ep.page, async (input, { db, tenant }) => {
    const kinds = visibleKinds(tenant, input.page);
    const wanted = input.kind ? kinds.filter((k) => k === input.kind) : kinds;
    if (wanted.length === 0) return { list: [], total: 0 };
    const { list, total } = await runListQuery(db, {
      table: tasks,
      joins: [creatorJoin(tasks.createdBy)],
      select: taskColumns,
      tenantColumn: tasks.enterpriseUuid,
      ownerColumn: tasks.createdBy,
      tenant,
      where: [
        eq(tasks.page, input.page),
        inArray(tasks.kind, wanted),
        filters.eq(tasks.status, input.status),
        filters.from(tasks.createdAt, input.createdFrom),
        filters.to(tasks.createdAt, input.createdTo),
      ],
      sortable: { createdAt: tasks.createdAt },
      defaultSort: { column: tasks.createdAt, order: 'desc' },
      tieBreak: tasks.id,
      page: input,
    });
    return { list: list.map((r) => toTask(r, tenant)), total };
  });

  registerEndpoint(app, deps, ep.detail, async (input, { db, tenant }) => {
    await accessibleTask(db, tenant, input.id);
    return taskView(db, tenant, input.id);
  });

  registerEndpoint(app, deps, ep.retry, async (input, { db, tenant, reply }) => {
    const { access } = await accessibleTask(db, tenant, input.id);
    assertEndpointAccess(access.retry, tenant);
    await retryTask(db, tenant, input.id);
    // Once answered (the transaction has committed), this process's worker looks for the new run at once.
    reply.raw.once('finish', wakeTaskWorkers);
    return taskView(db, tenant, input.id);
  });

  registerEndpoint(app, deps, ep.cancel, async (input, { db, tenant }) => {
    const { access } = await accessibleTask(db, tenant, input.id);
    assertEndpointAccess(access.cancel, tenant);
    await cancelTask(db, tenant, input.id);
    return taskView(db, tenant, input.id);
  });

  registerEndpoint(app, deps, ep.withdraw, async (input, { db, tenant }) => {
    const { access } = await accessibleTask(db, tenant, input.id);
    assertEndpointAccess(access.withdraw, tenant);
    await withdrawTask(db, tenant, input.id);
    return taskView(db, tenant, input.id);
  });

  registerRawEndpoint(app, deps, ep.result, { produces: 'application/octet-stream' }, async (input, c) => {
    const { row } = await withTenant(deps.db, c.tenant, (tx) => accessibleTask(tx, c.tenant, input.id));
    const content = row.resultKey ? await deps.storage.get(row.resultKey) : null;
    if (!content || !row.resultName) throw new AppError('NOT_FOUND');
    return sendFile(c.reply, {
      content,
      contentType: contentTypeOf(row.resultName),
      fileName: row.resultName,
      disposition: 'attachment',
    });
  });
}
