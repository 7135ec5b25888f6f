import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CHECK_LEVEL_LABELS,
  CHECK_LIMITS,
  CHECK_LOG_PAGE,
  CHECK_OUTCOME_LABELS,
  FINDING_STATE_LABELS,
  checkStatusReadings,
  enterpriseKind,
  type TCheckCounts,
  type TCheckFinding,
  type TCheckScope,
  type TCheckTask,
  type TLang,
  type TListRequestBase,
  type TVinMapGapKind,
  type TVinMapRow,
  type TVinMapStatus,
  type TVinMapTree,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { checkingTasks, tasks, users } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { writeWorkbook } from '../../platform/imports/workbook-write.ts';
import { taskColumns, toTask } from '../../platform/tasks/routes.ts';
import { partnerChoices } from '../partner/public.ts';
import { CHECKS, CHECK_KINDS, checkById, checkNameOf, kindOf } from './checks/index.ts';
import { RULE_PACKAGES, isMandatory, presentPackage, rulePackage } from './packages.ts';
import {
  allFindings,
  checkingTaskRow,
  findingsPage,
  findingsWhere,
  insertCheckingTask,
  lockEnterpriseTasks,
  ownEnterprise,
  runningTask,
  supplierPartners,
  vinMapPage as vinMapRows,
  vinMapRow,
  type CheckingTaskRow,
  type FindingRow,
} from './repo.ts';
import { troubleshootingTask } from './run.ts';
import { buildScope, scopeTables } from './scope.ts';
import { reportFileName, reportPdf, reportXlsx, tracingReport } from './tracing-report.ts';
import { vinTree } from './vin-map.ts';

/*
 * Troubleshooting (contract checking.ts): rule packages, the creation rules of spec 5, the task list and
 * detail with both status readings (spec 4), and a task's abnormal data and its export.
 */

const DAY = 86_400_000;
const EMPTY_COUNTS: TCheckCounts = { fatal: 0, urgent: 0, minor: 0, unknown: 0, pass: 0, fixed: 0 };

async function enterpriseKindOf(db: Db, tenant: TenantContext) {
  const own = await ownEnterprise(db, tenant.enterpriseUuid);
  return own ? enterpriseKind(own.role, own.businessAttribute) : null;
}

export async function listPackages(db: Db, tenant: TenantContext) {
  const kind = await enterpriseKindOf(db, tenant);
  return RULE_PACKAGES.map((p) => presentPackage(p, kind));
}

export async function ruleDetail(db: Db, tenant: TenantContext, packageId: string) {
  const pkg = rulePackage(packageId);
  if (!pkg) throw new AppError('CHECK_PACKAGE_UNKNOWN');
  const checks = pkg.checkIds.flatMap((id) => {
    const c = checkById(id);
    const kind = kindOf(id);
    return c && kind
      ? [
          {
            id: c.id,
            kind: kind.id,
            version: c.version,
            level: c.level,
            name: c.name,
            description: c.description,
            appliesTo: [...c.appliesTo],
          },
        ]
      : [];
  });
  const kinds = CHECK_KINDS.filter((k) => checks.some((c) => c.kind === k.id)).map((k) => ({
    id: k.id,
    name: k.name,
    description: k.description,
  }));
  return { package: presentPackage(pkg, await enterpriseKindOf(db, tenant)), kinds, checks };
}

/** The direct suppliers a linked task can compare with. */
export async function supplierChoices(db: Db, tenant: TenantContext, keyword: string | undefined) {
  const rows = await partnerChoices(db, { ...tenant, dataScope: 'company' }, 'supplier', keyword, 200);
  return rows.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    nameEn: p.nameEn,
    settled: p.partnerEnterpriseUuid !== null,
  }));
}

/** The creation rules of spec 5 that need no data: company, rule, span, amount, checks, package. */
function validateScope(scope: TCheckScope, mandatory: boolean, pkgChecks: readonly string[]): void {
  if (scope.taskType === 'linked' && scope.supplierIds.length === 0) throw new AppError('CHECK_NO_COMPANY');
  if (scope.checkIds.length === 0) throw new AppError('CHECK_NO_RULE');
  if (scope.checkIds.length > CHECK_LIMITS.maxChecks)
    throw new AppError('CHECK_TOO_MANY_CHECKS', { max: CHECK_LIMITS.maxChecks });
  for (const id of scope.checkIds)
    if (!pkgChecks.includes(id)) throw new AppError('CHECK_NOT_IN_PACKAGE', { check: id });
  if (mandatory && pkgChecks.some((id) => !scope.checkIds.includes(id)))
    throw new AppError('CHECK_PACKAGE_MANDATORY');
  if (scope.dimension === 'time') {
    if (scope.from === undefined || scope.to === undefined || scope.to < scope.from)
      throw new AppError('CHECK_TIME_RANGE_REQUIRED');
    // Whole days: a range from day 1 to day 31 spans 31 days.
    if (scope.to - scope.from >= CHECK_LIMITS.maxSpanDays * DAY)
      throw new AppError('CHECK_SPAN_TOO_LONG', { days: CHECK_LIMITS.maxSpanDays });
  } else {
    if (scope.vins.length === 0) throw new AppError('CHECK_VINS_REQUIRED');
    if (scope.vins.length > scope.maxAmount)
      throw new AppError('CHECK_VINS_OVER_AMOUNT', { max: scope.maxAmount });
  }
}

/**
 * Creates a troubleshooting task: the rules of spec 5, then, under the enterprise's lock, refused while
 * another of its tasks runs (B2154) or when the scope holds nothing to verify (B2155). Call
 * wakeTaskWorkers once this has committed.
 */
export async function createTask(
  db: Db,
  tenant: TenantContext,
  scope: TCheckScope,
  source: 'manual' | 'automatic' = 'manual',
): Promise<TCheckTask> {
  const pkg = rulePackage(scope.packageId);
  if (!pkg) throw new AppError('CHECK_PACKAGE_UNKNOWN');
  const mandatory = isMandatory(pkg, await enterpriseKindOf(db, tenant));
  validateScope(scope, mandatory, pkg.checkIds);
  const compared = await supplierPartners(db, scope.supplierIds);
  if (compared.length !== new Set(scope.supplierIds).size) throw new AppError('NOT_FOUND'); // a supplier that is not the enterprise's, as for any other id
  await lockEnterpriseTasks(db, tenant.enterpriseUuid);
  if (await runningTask(db, tenant.enterpriseUuid)) throw new AppError('CHECK_TASK_RUNNING');
  // The scope probed in this transaction, its tables gone at commit: the run reads it again.
  const { docs } = await buildScope(db, tenant.enterpriseUuid, scope, scopeTables('probe'), {
    dropAtCommit: true,
  });
  if (docs === 0) throw new AppError('CHECK_NO_PENDING_VIN');
  const id = randomUUID();
  await insertCheckingTask(db, {
    id,
    enterpriseUuid: tenant.enterpriseUuid,
    taskType: scope.taskType,
    source,
    scope: scope as unknown as Record<string, unknown>,
    packageId: pkg.id,
    packageVersion: pkg.version,
    packageHash: pkg.hash,
    checkIds: [...scope.checkIds],
  });
  await troubleshootingTask.create(db, tenant, {
    id,
    page: CHECK_LOG_PAGE,
    payload: { checkingTaskId: id, ...(source === 'automatic' ? { automatic: true } : {}) },
  });
  return taskDetail(db, tenant, id);
}

/** A new task with the scope of one that came to rest (spec 4 "restart"). */
export async function restartTask(db: Db, tenant: TenantContext, taskId: string): Promise<TCheckTask> {
  const old = await taskDetail(db, tenant, taskId);
  if (!['cancelled', 'withdrawn', 'failed', 'completed'].includes(old.task.status))
    throw new AppError('CHECK_TASK_NOT_RESTARTABLE');
  const row = (await checkingTaskRow(db, tenant.enterpriseUuid, taskId))!;
  return createTask(db, tenant, row.scope as unknown as TCheckScope);
}

async function present(
  db: Db,
  tenant: TenantContext,
  rows: readonly CheckingTaskRow[],
): Promise<TCheckTask[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const kitRows = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.createdBy))
    .where(inArray(tasks.id, ids));
  const byId = new Map(kitRows.map((r) => [r.id, r]));
  const own = await ownEnterprise(db, tenant.enterpriseUuid);
  const supplierIds = [
    ...new Set(rows.flatMap((r) => (r.scope as unknown as TCheckScope).supplierIds ?? [])),
  ];
  const partnersById = new Map((await supplierPartners(db, supplierIds)).map((p) => [p.id, p]));
  return rows.flatMap((r) => {
    const kit = byId.get(r.id);
    if (!kit) return [];
    const scope = r.scope as unknown as TCheckScope;
    const readings = checkStatusReadings(kit.status, kit.phase, kit.startedAt !== null);
    return [
      {
        id: r.id,
        taskType: r.taskType,
        source: r.source,
        benchmark: { uuid: r.enterpriseUuid, name: own?.name ?? '', nameEn: own?.nameEn ?? '' },
        compared: (scope.supplierIds ?? []).flatMap((id) => {
          const p = partnersById.get(id);
          return p ? [p] : [];
        }),
        scope: {
          dimension: scope.dimension,
          vins: scope.vins ?? [],
          timeBasis: scope.timeBasis,
          from: scope.from ?? null,
          to: scope.to ?? null,
          maxAmount: scope.maxAmount,
        },
        packageId: r.packageId,
        packageVersion: r.packageVersion,
        packageHash: r.packageHash,
        checkIds: r.checkIds,
        blockHeight: r.blockHeight,
        task: toTask(kit, tenant),
        queueStatus: readings.queue,
        dataStatus: readings.data,
        counts: { ...EMPTY_COUNTS, ...(r.counts ?? {}) },
        vinAmount: r.vinAmount,
        completeVinAmount: r.completeVinAmount,
        maxLevel: (r.maxLevel as TCheckTask['maxLevel']) ?? null,
      },
    ];
  });
}

export async function taskDetail(db: Db, tenant: TenantContext, id: string): Promise<TCheckTask> {
  const row = await checkingTaskRow(db, tenant.enterpriseUuid, id);
  const [task] = row ? await present(db, tenant, [row]) : [];
  // Another enterprise's task, or outside an 'account' data permission: unknown.
  if (!task || (tenant.dataScope === 'account' && !task.task.mine)) throw new AppError('NOT_FOUND');
  return task;
}

export async function taskPage(
  db: Db,
  tenant: TenantContext,
  input: TListRequestBase & { taskType?: 'internal' | 'linked' | undefined },
): Promise<{ list: TCheckTask[]; total: number }> {
  const where = and(
    eq(checkingTasks.enterpriseUuid, tenant.enterpriseUuid),
    input.taskType ? eq(checkingTasks.taskType, input.taskType) : undefined,
    tenant.dataScope === 'account'
      ? sql`exists (select 1 from ${tasks} where ${tasks.id} = ${checkingTasks.id} and ${tasks.createdBy} = ${tenant.userId})`
      : undefined,
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkingTasks)
    .where(where);
  const rows = await db
    .select()
    .from(checkingTasks)
    .where(where)
    .orderBy(desc(checkingTasks.createdAt), desc(checkingTasks.id))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  return { list: await present(db, tenant, rows), total: count?.n ?? 0 };
}

export const toFinding = (r: FindingRow): TCheckFinding => ({
  id: r.id,
  taskId: r.taskId,
  checkId: r.checkId,
  checkName: checkNameOf(r.checkId),
  checkVersion: r.checkVersion,
  level: r.level,
  outcome: r.outcome,
  state: r.state,
  identity: r.identity,
  subject: r.subject,
  companyUuid: r.companyUuid,
  message: { zh: r.messageZh, en: r.messageEn },
  cited: r.cited,
  createdAt: r.createdAt.getTime(),
});

type FindingFilter = Parameters<typeof findingsWhere>[1];

export async function abnormalPage(
  db: Db,
  tenant: TenantContext,
  input: TListRequestBase & FindingFilter,
): Promise<{ list: TCheckFinding[]; total: number }> {
  await taskDetail(db, tenant, input.taskId);
  const page = await findingsPage(db, findingsWhere(tenant.enterpriseUuid, input), input);
  return { list: page.list.map(toFinding), total: page.total };
}

/** A task's abnormal data as a workbook in `lang`. */
export async function exportAbnormal(
  db: Db,
  tenant: TenantContext,
  taskId: string,
  lang: TLang,
): Promise<{ fileName: string; content: Buffer }> {
  await taskDetail(db, tenant, taskId);
  const rows = await allFindings(db, findingsWhere(tenant.enterpriseUuid, { taskId }));
  const zh = lang === 'zh';
  const header = zh
    ? ['级别', '规则', '规则版本', '结果', '状态', '对象', '说明', '引用记录']
    : ['Level', 'Check', 'Check version', 'Outcome', 'State', 'Subject', 'Message', 'Cited records'];
  const name = (id: string) => {
    const c = checkById(id);
    return c ? c.name[lang] : id;
  };
  const content = await writeWorkbook(
    zh ? '异常数据' : 'Abnormal data',
    header,
    rows.map((r) => [
      CHECK_LEVEL_LABELS[r.level][lang],
      name(r.checkId),
      r.checkVersion,
      CHECK_OUTCOME_LABELS[r.outcome][lang],
      FINDING_STATE_LABELS[r.state][lang],
      r.subject,
      zh ? r.messageZh : r.messageEn,
      r.cited.map((c) => c.label).join(', '),
    ]),
  );
  return { fileName: `${zh ? '异常数据' : 'abnormal-data'}-${taskId.slice(0, 8)}.xlsx`, content };
}

// ---- VIN map check and tracing report (vin-map.ts, tracing-report.ts) -------------------------------

/** A task of the caller whose run completed (its map check exists); E1003 / B2190 otherwise. */
async function mappedTask(db: Db, tenant: TenantContext, taskId: string): Promise<TCheckTask> {
  const task = await taskDetail(db, tenant, taskId);
  if (task.task.status !== 'completed') throw new AppError('CHECK_MAP_NOT_READY');
  return task;
}

export async function vinMapPage(
  db: Db,
  tenant: TenantContext,
  input: TListRequestBase & { taskId: string; status?: TVinMapStatus | undefined; vin?: string | undefined },
): Promise<{ list: TVinMapRow[]; total: number }> {
  await mappedTask(db, tenant, input.taskId);
  const complete = input.status === undefined ? undefined : input.status === 'complete';
  const page = await vinMapRows(db, tenant.enterpriseUuid, { ...input, complete }, input);
  return {
    list: page.list.map((r) => ({
      taskId: input.taskId,
      vin: r.vin,
      complete: r.complete,
      gapCount: r.gapCount,
      gapKinds: r.gapKinds as TVinMapGapKind[],
      abnormal: r.abnormal,
    })),
    total: page.total,
  };
}

/** A VIN of a task's map check (E1003 when the task did not map it). */
async function mappedVin(db: Db, tenant: TenantContext, taskId: string, vin: string): Promise<void> {
  await mappedTask(db, tenant, taskId);
  if (!(await vinMapRow(db, tenant.enterpriseUuid, taskId, vin))) throw new AppError('NOT_FOUND');
}

/** One VIN of a task's map check as a tree, traced now (the list keeps what the run found). */
export async function vinMapTree(
  db: Db,
  tenant: TenantContext,
  input: { taskId: string; vin: string },
): Promise<TVinMapTree> {
  await mappedVin(db, tenant, input.taskId, input.vin);
  return vinTree(db, tenant.enterpriseUuid, input.vin);
}

/** The tracing report of one VIN of a task's map check, as xlsx or PDF in `lang`. */
export async function exportTracingReport(
  db: Db,
  tenant: TenantContext,
  input: { taskId: string; vin: string; format: 'xlsx' | 'pdf' },
  lang: TLang,
): Promise<{ fileName: string; content: Buffer }> {
  await mappedVin(db, tenant, input.taskId, input.vin);
  const report = await tracingReport(db, tenant.enterpriseUuid, input.vin);
  const fileName = reportFileName(report, lang, input.format);
  if (input.format === 'xlsx') return { fileName, content: await reportXlsx(report, lang) };
  const own = await ownEnterprise(db, tenant.enterpriseUuid);
  return {
    fileName,
    content: await reportPdf(report, lang, {
      enterpriseName: { name: own?.name ?? '', nameEn: own?.nameEn ?? '' },
      generatedAt: new Date(),
    }),
  };
}

export const CHECK_LIBRARY = CHECKS;
