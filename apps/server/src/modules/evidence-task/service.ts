import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  ERRORS,
  EVIDENCE_TASK_PAGE,
  TASK_ACTION_FROM,
  scopeOfConditions,
  type TEvidenceBatchResult,
  type TEvidenceConditions,
  type TEvidenceItem,
  type TEvidencePartnerChoice,
  type TEvidenceProjectChoice,
  type TEvidenceTask,
  type TEvidenceTaskSource,
  type TListRequestBase,
  type TPackageScope,
  type TPackageType,
  type TTaskStatus,
} from '@tracehub/contract';
import { canonicalize } from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { partners, tasks, users } from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { visibleRows } from '../../platform/list-query.ts';
import { settleTask } from '../../platform/tasks/kit.ts';
import { taskColumns, toTask } from '../../platform/tasks/routes.ts';
import { projectsWithProducts } from '../product/public.ts';
import { resolveStarts } from '../evidence-package/public.ts';
import { enterpriseIdentities } from '../trace/public.ts';
import {
  anchoredHeights,
  evidenceItemPage,
  evidenceTaskPage,
  evidenceTaskRow,
  evidenceTaskRows,
  insertEvidenceTask,
  liveTaskId,
  lockEvidenceCreation,
  updateEvidenceTask,
  uploadRow,
  type EvidencePageFilter,
  type EvidenceTaskRow,
} from './repo.ts';
import { evidencePackageTask } from './run.ts';

/*
 * Evidence-package export tasks (contract evidence-task.ts): creation by the three paths of spec 2.4 with
 * the existing-task check of spec 4 (a task of the same type, scope and withheld fields that is pending,
 * underway, suspended or completed is opened instead of created twice), their list, detail and main
 * evidence items, and cancellation, which is for good (a completed package is voided and removed).
 */

type Limits = Pick<AppDeps['config'], 'EVIDENCE_VIN_LIMIT'>;

/** The same type, scope (values in order, once each) and withheld fields give the same key. */
export function conditionsKey(type: TPackageType, scope: TPackageScope, withheld: readonly string[]): string {
  return sha256Hex(
    canonicalize({
      type,
      scope: {
        kind: scope.kind,
        values: [...new Set(scope.values)].sort(),
        itemCode: scope.itemCode ?? null,
      },
      withheld: [...new Set(withheld)].sort(),
    }),
  );
}

/** The scope conditions name: their VIN list (uniqueKey, B2212 when unknown or expired) or their keys. */
async function scopeOf(tx: Db, tenant: TenantContext, c: TEvidenceConditions): Promise<TPackageScope> {
  if (c.uniqueKey) {
    const upload = await uploadRow(tx, tenant.enterpriseUuid, c.uniqueKey);
    if (!upload || upload.errors.length > 0 || upload.vins.length === 0)
      throw new AppError('EVIDENCE_UPLOAD_UNKNOWN');
    return { kind: 'vin', values: upload.vins };
  }
  const scope = scopeOfConditions(c);
  // The schema requires one key; this is its backstop.
  if (!scope) throw new AppError('EVIDENCE_UPLOAD_UNKNOWN');
  return scope;
}

/** The existing-task check: the live task of the conditions, or null (also for conditions naming nothing). */
export async function taskIdByConditions(
  tx: Db,
  tenant: TenantContext,
  c: TEvidenceConditions,
): Promise<string | null> {
  let scope: TPackageScope;
  try {
    scope = await scopeOf(tx, tenant, c);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  return liveTaskId(tx, tenant.enterpriseUuid, conditionsKey(c.taskType, scope, c.withheldFields));
}

/**
 * Creates a task per item in `tx` (all or none: one refused item refuses the batch), after the existing-task
 * check: items whose task exists are answered in `existing`. Each scope is resolved as the caller first, so
 * a key that is not the enterprise's (B2201) or a scope past the VIN limit (B2211) is refused now, not
 * after a wait. Call wakeTaskWorkers once `tx` has committed.
 */
export async function createEvidenceTasks(
  tx: Db,
  limits: Limits,
  tenant: TenantContext,
  items: readonly TEvidenceConditions[],
  source: TEvidenceTaskSource,
): Promise<TEvidenceBatchResult> {
  await lockEvidenceCreation(tx, tenant.enterpriseUuid);
  const mainTaskId = randomUUID();
  const createdIds: string[] = [];
  const existing: TEvidenceBatchResult['existing'] = [];
  const seen = new Map<string, string>();
  for (const [index, c] of items.entries()) {
    const scope = await scopeOf(tx, tenant, c);
    const key = conditionsKey(c.taskType, scope, c.withheldFields);
    const found = seen.get(key) ?? (await liveTaskId(tx, tenant.enterpriseUuid, key));
    if (found) {
      existing.push({ index, taskId: found });
      continue;
    }
    await resolveStarts(tx, tenant, scope, limits.EVIDENCE_VIN_LIMIT);
    const id = randomUUID();
    await insertEvidenceTask(tx, {
      id,
      enterpriseUuid: tenant.enterpriseUuid,
      mainTaskId: items.length === 1 ? id : mainTaskId,
      taskType: c.taskType,
      source,
      conditions: c as unknown as Record<string, unknown>,
      scope: scope as unknown as Record<string, unknown>,
      conditionsKey: key,
    });
    await evidencePackageTask.create(tx, tenant, {
      id,
      page: EVIDENCE_TASK_PAGE,
      payload: { evidenceTaskId: id, dataScope: tenant.dataScope },
    });
    seen.set(key, id);
    createdIds.push(id);
  }
  const created = createdIds.length ? await presentIds(tx, tenant, createdIds) : [];
  return {
    mainTaskId: createdIds.length === 0 ? null : items.length === 1 ? createdIds[0]! : mainTaskId,
    created,
    existing,
  };
}

/** One task (createEvidenceTask, artificialBatchCreateEvidenceTask): B2210 when one of the conditions exists. */
export async function createEvidenceTask(
  tx: Db,
  limits: Limits,
  tenant: TenantContext,
  c: TEvidenceConditions,
  source: TEvidenceTaskSource,
): Promise<TEvidenceTask> {
  const result = await createEvidenceTasks(tx, limits, tenant, [c], source);
  const [task] = result.created;
  if (!task) throw new AppError('EVIDENCE_TASK_EXISTS', undefined, { taskId: result.existing[0]?.taskId });
  return task;
}

// ---- Presentation --------------------------------------------------------------------------------------

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

async function present(
  tx: Db,
  tenant: TenantContext,
  rows: readonly EvidenceTaskRow[],
): Promise<TEvidenceTask[]> {
  if (rows.length === 0) return [];
  const kitRows = await tx
    .select(taskColumns)
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.createdBy))
    .where(
      and(
        eq(tasks.enterpriseUuid, tenant.enterpriseUuid),
        inArray(
          tasks.id,
          rows.map((r) => r.id),
        ),
      ),
    );
  const kits = new Map(kitRows.map((r) => [r.id, r]));
  const partnerUuids = [
    ...new Set(
      rows.flatMap((r) => (r.scope['kind'] === 'enterprise' ? (r.scope['values'] as string[]) : [])),
    ),
  ];
  const names = new Map<string, { name: string; nameEn: string }>();
  if (partnerUuids.length) {
    const found = await tx
      .select({ uuid: partners.partnerEnterpriseUuid, name: partners.name, nameEn: partners.nameEn })
      .from(partners)
      .where(
        and(
          eq(partners.enterpriseUuid, tenant.enterpriseUuid),
          inArray(partners.partnerEnterpriseUuid, partnerUuids),
        ),
      );
    for (const p of found) if (p.uuid) names.set(p.uuid, p);
  }
  return rows.flatMap((r) => {
    const kit = kits.get(r.id);
    if (!kit) return [];
    const c = r.conditions;
    const scope = r.scope as unknown as TPackageScope;
    const vins = scope.kind === 'vin' ? scope.values : [];
    const partner = scope.kind === 'enterprise' ? names.get(scope.values[0]!) : undefined;
    const status: TTaskStatus = kit.status;
    return [
      {
        taskId: r.id,
        mainTaskId: r.mainTaskId,
        taskType: r.taskType as TPackageType,
        source: r.source,
        status,
        task: toTask(kit, tenant),
        scope,
        projectNumber: str(c['projectNumber']),
        productCode: str(c['productCode']),
        productBatchNo: str(c['productBatchNo']),
        vinSn: vins.length ? vins.slice(0, 3).join(', ') : null,
        vinCount: vins.length,
        materialsCode: str(c['materialsCode']),
        enterpriseUuid: scope.kind === 'enterprise' ? scope.values[0]! : null,
        enterpriseName: partner?.name ?? null,
        enterpriseNameEn: partner?.nameEn ?? null,
        uniqueKey: str(c['uniqueKey']),
        withheldFields: Array.isArray(c['withheldFields']) ? (c['withheldFields'] as string[]) : [],
        packageSize: r.packageSize,
        counts: r.counts ?? null,
        packageSha256: r.packageSha256,
        downloadable: status === 'completed' && r.packageKey !== null,
        lastDownloadTime: r.lastDownloadAt?.getTime() ?? null,
        downloadCount: r.downloadCount,
        operator: kit.operator,
        createdAt: r.createdAt.getTime(),
      },
    ];
  });
}

/** The caller's tasks of these ids, in the order given (one read, whatever their number). */
async function presentIds(tx: Db, tenant: TenantContext, ids: readonly string[]): Promise<TEvidenceTask[]> {
  const byId = new Map(
    (await present(tx, tenant, await evidenceTaskRows(tx, tenant, ids))).map((t) => [t.taskId, t]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One task (detail page): E1003 when it is not the caller's to see. */
export async function evidenceTaskDetail(
  tx: Db,
  tenant: TenantContext,
  taskId: string,
): Promise<TEvidenceTask> {
  const row = await evidenceTaskRow(tx, tenant, taskId);
  const [task] = row ? await present(tx, tenant, [row]) : [];
  if (!task) throw new AppError('NOT_FOUND');
  return task;
}

export async function evidenceTasksPage(
  tx: Db,
  tenant: TenantContext,
  input: TListRequestBase & EvidencePageFilter,
): Promise<{ list: TEvidenceTask[]; total: number }> {
  const page = await evidenceTaskPage(tx, tenant, input);
  return { list: await present(tx, tenant, page.rows), total: page.total };
}

/** The main evidence items of a task's package, with their owners' names and anchoring. */
export async function evidenceItems(
  tx: Db,
  tenant: TenantContext,
  input: TListRequestBase & {
    taskId: string;
    tier?: number | undefined;
    own?: 'own' | 'counterparty' | undefined;
  },
): Promise<{ list: TEvidenceItem[]; total: number }> {
  if (!(await evidenceTaskRow(tx, tenant, input.taskId))) throw new AppError('NOT_FOUND');
  const page = await evidenceItemPage(tx, tenant.enterpriseUuid, input);
  const owners = await enterpriseIdentities(tx, [...new Set(page.rows.map((r) => r.ownerUuid))]);
  const anchored = await anchoredHeights(
    tx,
    page.rows.map((r) => r.blockHeight),
  );
  return {
    total: page.total,
    list: page.rows.map((r) => ({
      seq: r.seq,
      path: `records/${String(r.seq).padStart(6, '0')}.json`,
      tier: r.tier,
      direction: r.direction,
      own: r.own,
      eventType: r.eventType,
      subjectType: r.subjectType,
      label: r.label,
      enterpriseName: owners.get(r.ownerUuid)?.name ?? '',
      enterpriseNameEn: owners.get(r.ownerUuid)?.nameEn ?? '',
      leafIndex: r.leafIndex,
      leafHash: r.leafHash,
      blockHeight: r.blockHeight,
      anchored: anchored.has(r.blockHeight),
      opened: r.opened,
      withheld: r.withheld,
    })),
  };
}

/** What a cancellation may leave: every status but the final ones. */
const CANCEL_FROM: readonly TTaskStatus[] = [...TASK_ACTION_FROM.cancel, 'failed', 'completed'];

/**
 * Cancels a task for good (spec 4): from pending, underway, suspended, failed or completed (the package is
 * voided); a running one stops at its next step. Answers the task and the package's storage key, to be
 * removed once `tx` has committed.
 */
export async function cancelEvidenceTask(
  tx: Db,
  tenant: TenantContext,
  taskId: string,
): Promise<{ task: TEvidenceTask; removeKey: string | null }> {
  const row = await evidenceTaskRow(tx, tenant, taskId);
  if (!row) throw new AppError('NOT_FOUND');
  const settled = await settleTask(tx, taskId, 'cancelled', CANCEL_FROM, {
    reasonCode: ERRORS.TASK_CANCELLED.code,
  });
  if (!settled) throw new AppError('TASK_STATE_INVALID');
  await updateEvidenceTask(tx, tenant.enterpriseUuid, taskId, { packageKey: null });
  return { task: await evidenceTaskDetail(tx, tenant, taskId), removeKey: row.packageKey };
}

/** The enterprise's partners settled as platform enterprises (the export-by-company dialog), one per enterprise. */
export async function partnerChoices(tx: Db, tenant: TenantContext): Promise<TEvidencePartnerChoice[]> {
  const rows = await tx
    .select({
      enterpriseUuid: partners.partnerEnterpriseUuid,
      partnerType: partners.partnerType,
      code: partners.code,
      name: partners.name,
      nameEn: partners.nameEn,
      usci: partners.usci,
    })
    .from(partners)
    .where(and(visibleRows(partners, tenant), isNotNull(partners.partnerEnterpriseUuid)))
    // Suppliers first: an enterprise that is both is named by its supplier code.
    .orderBy(desc(partners.partnerType), asc(partners.code))
    .limit(1000);
  const byEnterprise = new Map<string, TEvidencePartnerChoice>();
  for (const r of rows) {
    if (!r.enterpriseUuid) continue;
    const found = byEnterprise.get(r.enterpriseUuid);
    if (found) found.partnerTypes.push(r.partnerType);
    else
      byEnterprise.set(r.enterpriseUuid, {
        enterpriseUuid: r.enterpriseUuid,
        partnerTypes: [r.partnerType],
        code: r.code,
        name: r.name,
        nameEn: r.nameEn,
        usci: r.usci,
      });
  }
  return [...byEnterprise.values()];
}

/** The enterprise's projects with their products (the creation dialogs' choices), within the data permission. */
export async function projectChoices(
  tx: Db,
  tenant: TenantContext,
  projectNumber: string | undefined,
): Promise<TEvidenceProjectChoice[]> {
  return (await projectsWithProducts(tx, tenant, projectNumber)).map((p) => ({
    projectNumber: p.code,
    notes: p.notes,
    products: p.products.map((r) => ({
      productCode: r.code,
      productName: r.name,
      productNameEn: r.nameEn,
      vinCount: r.vinCount,
      batches: r.batches,
    })),
  }));
}
