import {
  COMPANY_TASK_COMMENT_MAX,
  COMPANY_TASK_STATE_LABELS,
  CHECK_CODES,
  CHECK_LEVELS,
  companyTaskTransition,
  type TCheckLevel,
  type TCompanyTask,
  type TCompanyTaskAct,
  type TCompanyTaskAction,
  type TCompanyTaskDetail,
  type TCompanyTaskFinding,
  type TCompanyTaskHistory,
  type TCompanyTaskResult,
  type TCompanyTaskSide,
  type TCompanyTaskState,
  type TListRequestBase,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { enterpriseNameParam, notify } from '../message/notify.ts';
import {
  appendHistory,
  companyTaskHistory,
  companyTaskLines,
  companyTaskPage as pageRows,
  companyTaskRow,
  fixLines,
  insertCompanyTask,
  liveCompanyTasks,
  membersWithCode,
  ownNames,
  moveCompanyTask,
  recount,
  supplierNames,
  upsertOpenLines,
  type CompanyTaskRow,
} from './company-task-repo.ts';
import type { NewFinding } from './repo.ts';
import { checkNameOf } from './checks/index.ts';

/*
 * Company abnormal-data tasks (contract checking.ts): raised by a linked run, worked through the contract's
 * state machine by the two sides, every step a history line.
 *
 * Identity: one live (not closed) task per benchmark and supplier. A rerun attaches its findings to the
 * live task (new identities added, known ones open again, fixed ones marked fixed) and writes a 'rerun'
 * history line, whatever the task's state: a supplier does not get a new task per rerun for the same
 * findings, and a resolved task whose findings still fail shows so until the benchmark closes it. Only once
 * it is closed does a further failing run raise a new task.
 */

/** A task a run raised or added findings to, for the notices sent after the run's transaction. */
export interface RaisedTask {
  id: number;
  companyUuid: string;
  open: number;
  raised: boolean;
}

const worst = (levels: readonly TCheckLevel[]): TCheckLevel =>
  CHECK_LEVELS.find((l) => levels.includes(l)) ?? 'minor';

/**
 * After a linked run recorded its findings (same transaction): the failed findings that lie with another
 * enterprise become or update that supplier's task; findings the run saw fixed mark the lines fixed.
 */
export async function raiseCompanyTasks(
  tx: Db,
  enterpriseUuid: string,
  run: { id: string; userId: number },
  findings: readonly NewFinding[],
): Promise<RaisedTask[]> {
  // Only failures: an 'unknown' finding says a supplier's data is missing (not settled), nothing it can fix.
  const failing = new Map<string, NewFinding[]>();
  for (const f of findings)
    if (f.outcome === 'fail' && f.companyUuid !== enterpriseUuid)
      failing.set(f.companyUuid, [...(failing.get(f.companyUuid) ?? []), f]);
  const fixedIds = findings.filter((f) => f.state === 'fixed').map((f) => f.identity);
  const live = new Map((await liveCompanyTasks(tx, enterpriseUuid)).map((t) => [t.companyUuid, t]));
  const names = await supplierNames(
    tx,
    enterpriseUuid,
    [...failing.keys()].filter((c) => !live.has(c)),
  );
  const own = await ownNames(tx, enterpriseUuid);
  const touched: RaisedTask[] = [];

  for (const [companyUuid, lines] of failing) {
    let task = live.get(companyUuid);
    const raised = !task;
    task ??= await insertCompanyTask(tx, {
      enterpriseUuid,
      companyUuid,
      benchmarkName: own.name,
      benchmarkNameEn: own.nameEn,
      companyName: names.get(companyUuid)?.name ?? '',
      companyNameEn: names.get(companyUuid)?.nameEn ?? '',
      firstRunId: run.id,
      lastRunId: run.id,
      maxLevel: worst(lines.map((l) => l.level)),
    });
    live.set(companyUuid, task);
    await upsertOpenLines(
      tx,
      lines.map((l) => ({
        companyTaskId: task.id,
        enterpriseUuid,
        companyUuid,
        identity: l.identity,
        checkId: l.checkId,
        level: l.level,
        subject: l.subject,
        state: 'open' as const,
        messageZh: l.messageZh,
        messageEn: l.messageEn,
        cited: l.cited,
        lastRunId: run.id,
      })),
    );
    touched.push({ id: task.id, companyUuid, open: 0, raised });
  }
  // Fixed lines may belong to a live task this run found nothing new for.
  const fixedTasks = [...live.values()].filter((t) => !failing.has(t.companyUuid));
  for (const t of fixedTasks)
    if ((await fixLines(tx, [t.id], fixedIds, run.id)) > 0)
      touched.push({ id: t.id, companyUuid: t.companyUuid, open: 0, raised: false });
  await fixLines(
    tx,
    touched.filter((t) => failing.has(t.companyUuid)).map((t) => t.id),
    fixedIds,
    run.id,
  );

  for (const t of touched) {
    const task = live.get(t.companyUuid)!;
    const counts = await recount(tx, t.id, run.id);
    t.open = counts.open;
    await appendHistory(tx, {
      companyTaskId: t.id,
      enterpriseUuid,
      companyUuid: t.companyUuid,
      action: t.raised ? 'raise' : 'rerun',
      side: 'benchmark',
      fromState: t.raised ? null : task.state,
      toState: task.state,
      openCount: counts.open,
      fixedCount: counts.fixed,
      userId: run.userId,
    });
  }
  return touched;
}

/**
 * Tells the suppliers' members of the tasks a run raised (only new tasks: a rerun's changes show in the
 * task). Platform connection, after the run's transaction: the messages belong to another enterprise.
 */
export async function notifyRaised(
  platformDb: Db,
  enterpriseUuid: string,
  tasks: readonly RaisedTask[],
  mailer?: Mailer,
): Promise<void> {
  const raised = tasks.filter((t) => t.raised);
  if (raised.length === 0) return;
  const benchmarkName = await enterpriseNameParam(platformDb, enterpriseUuid);
  for (const t of raised)
    await notify(
      platformDb,
      {
        enterpriseUuid: t.companyUuid,
        recipients: await membersWithCode(platformDb, t.companyUuid, CHECK_CODES.deal),
        type: 'companyTaskRaised',
        params: { benchmarkName, count: t.open },
        link: `/dataChecking/checkLog/companyTask?id=${t.id}`,
      },
      mailer,
    );
}

const sideOf = (row: CompanyTaskRow, tenantUuid: string): TCompanyTaskSide =>
  row.enterpriseUuid === tenantUuid ? 'benchmark' : 'supplier';

const present = (row: CompanyTaskRow, tenantUuid: string): TCompanyTask => ({
  id: row.id,
  benchmark: { uuid: row.enterpriseUuid, name: row.benchmarkName, nameEn: row.benchmarkNameEn },
  company: { uuid: row.companyUuid, name: row.companyName, nameEn: row.companyNameEn },
  side: sideOf(row, tenantUuid),
  state: row.state,
  result: (row.result as TCompanyTaskResult | null) ?? null,
  firstRunId: row.firstRunId,
  lastRunId: row.lastRunId,
  maxLevel: row.maxLevel,
  openCount: row.openCount,
  fixedCount: row.fixedCount,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

export async function companyTaskPage(
  db: Db,
  tenant: TenantContext,
  input: TListRequestBase & {
    state?: TCompanyTaskState | undefined;
    side?: 'raised' | 'assigned' | undefined;
  },
): Promise<{ list: TCompanyTask[]; total: number }> {
  const page = await pageRows(db, tenant.enterpriseUuid, input, input);
  return { list: page.list.map((r) => present(r, tenant.enterpriseUuid)), total: page.total };
}

/** The task of `id` as the caller's side sees it; NOT_FOUND for a third enterprise's. */
async function visibleTask(db: Db, tenant: TenantContext, id: number): Promise<CompanyTaskRow> {
  const row = await companyTaskRow(db, tenant.enterpriseUuid, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function companyTaskDetail(
  db: Db,
  tenant: TenantContext,
  id: number,
): Promise<TCompanyTaskDetail> {
  return { task: present(await visibleTask(db, tenant, id), tenant.enterpriseUuid) };
}

export async function companyTaskFindingPage(
  db: Db,
  tenant: TenantContext,
  input: TListRequestBase & { id: number; state?: 'open' | 'fixed' | undefined },
): Promise<{ list: TCompanyTaskFinding[]; total: number }> {
  await visibleTask(db, tenant, input.id);
  const page = await companyTaskLines(db, input.id, input, input);
  return {
    list: page.list.map((l) => ({
      id: l.id,
      checkId: l.checkId,
      checkName: checkNameOf(l.checkId),
      level: l.level,
      subject: l.subject,
      state: l.state,
      message: { zh: l.messageZh, en: l.messageEn },
      cited: l.cited,
      lastRunId: l.lastRunId,
      updatedAt: l.updatedAt.getTime(),
    })),
    total: page.total,
  };
}

export async function companyTaskHistoryPage(
  db: Db,
  tenant: TenantContext,
  input: TListRequestBase & { id: number },
): Promise<{ list: TCompanyTaskHistory[]; total: number }> {
  await visibleTask(db, tenant, input.id);
  const page = await companyTaskHistory(db, input.id, input);
  return {
    list: page.list.map(({ row: h, actor }): TCompanyTaskHistory => ({
      id: h.id,
      action: h.action as TCompanyTaskHistory['action'],
      side: h.side,
      fromState: (h.fromState as TCompanyTaskState | null) ?? null,
      toState: h.toState as TCompanyTaskState,
      result: (h.result as TCompanyTaskResult | null) ?? null,
      comment: h.comment,
      openCount: h.openCount,
      fixedCount: h.fixedCount,
      actor: actor ?? null,
      createdAt: h.createdAt.getTime(),
    })),
    total: page.total,
  };
}

/** What the other side is told after a transition (sent once the request's transaction committed). */
export interface CompanyTaskNotice {
  enterpriseUuid: string;
  companyUuid: string;
  taskId: number;
  action: TCompanyTaskAction;
  comment: string;
}

/**
 * One transition by the caller's side, decided by the contract's state machine on the locked row; the
 * history line records who, when, what, the result and the comment. Answers the task afterwards and, for a
 * resolve or reject, the notice for the benchmark.
 */
export async function actOnCompanyTask(
  db: Db,
  tenant: TenantContext,
  action: TCompanyTaskAction,
  input: TCompanyTaskAct,
): Promise<{ detail: TCompanyTaskDetail; notice: CompanyTaskNotice | null }> {
  const row = await companyTaskRow(db, tenant.enterpriseUuid, input.id, true);
  if (!row) throw new AppError('NOT_FOUND');
  const side = sideOf(row, tenant.enterpriseUuid);
  const step = companyTaskTransition(row.state, action, side, input);
  if (!step.ok)
    throw new AppError(
      step.refusal,
      step.refusal === 'COMPANY_TASK_COMMENT_TOO_LONG' ? { max: COMPANY_TASK_COMMENT_MAX } : undefined,
    );
  const comment = input.comment?.trim() || null;
  // Only a close or a resolve carries a result (spec 4); a reject's reason is its comment.
  const result = action === 'close' || action === 'resolve' ? (input.result ?? null) : null;
  await moveCompanyTask(db, row.id, { state: step.to, ...(result ? { result } : {}) });
  await appendHistory(db, {
    companyTaskId: row.id,
    enterpriseUuid: row.enterpriseUuid,
    companyUuid: row.companyUuid,
    action,
    side,
    fromState: row.state,
    toState: step.to,
    result,
    comment,
    userId: tenant.userId,
  });
  const notice =
    action === 'resolve' || action === 'reject'
      ? {
          enterpriseUuid: row.enterpriseUuid,
          companyUuid: row.companyUuid,
          taskId: row.id,
          action,
          comment: comment ?? '',
        }
      : null;
  return { detail: await companyTaskDetail(db, tenant, row.id), notice };
}

/** Tells the benchmark's members that the supplier resolved or rejected its task (platform connection). */
export async function notifyAnswered(platformDb: Db, n: CompanyTaskNotice, mailer?: Mailer): Promise<void> {
  await notify(
    platformDb,
    {
      enterpriseUuid: n.enterpriseUuid,
      recipients: await membersWithCode(platformDb, n.enterpriseUuid, CHECK_CODES.view),
      type: 'companyTaskAnswered',
      params: {
        companyName: await enterpriseNameParam(platformDb, n.companyUuid),
        status: COMPANY_TASK_STATE_LABELS[n.action === 'resolve' ? 'resolved' : 'rejected'],
        taskId: n.taskId,
        comment: n.comment.slice(0, 500),
      },
      link: `/dataChecking/checkLog/companyTask?id=${n.taskId}`,
    },
    mailer,
  );
}
