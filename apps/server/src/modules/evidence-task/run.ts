import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ZPackageScope, type TErrorKey, type TPackageRequest } from '@tracehub/contract';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { storageKeyOf } from '../../platform/storage.ts';
import { TaskFailed, defineTask, taskRow, type TaskContext } from '../../platform/tasks/index.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { writeEvidencePackage, type PackageSink, type WrittenRecord } from '../evidence-package/public.ts';
import { clearItems, insertItems, liveTaskId, updateEvidenceTask, evidenceTaskRow } from './repo.ts';

/*
 * An evidence task's run: the package is written as a stream to the file storage (memory holds one chunk
 * of records), its records listed as the task's main evidence items as they are written, its progress
 * stored after every chunk. A run that fails or is cancelled leaves no package behind; a run resumed after
 * a crash writes the package again from the start (a package is one signed whole).
 */

const ZPayload = z.object({
  evidenceTaskId: z.string(),
  /** The creator's data permission when the task was created: the run sees what the creator saw. */
  dataScope: z.enum(['company', 'account']).default('company'),
});

/** Refusals of the writer that end a task with their reason (anything else is retried by the queue). */
const FAILS_WITH: ReadonlySet<TErrorKey> = new Set<TErrorKey>([
  'PACKAGE_SCOPE_NOT_FOUND',
  'PACKAGE_NOTHING_SEALED',
  'EVIDENCE_TOO_MANY_VINS',
  'EVIDENCE_PACKAGE_TOO_LARGE',
]);

export const evidencePackageTask = defineTask({
  kind: 'evidencePackage',
  payload: ZPayload,
  maxAttempts: 2,
  run: runEvidenceTask,
  // A task at rest other than completed frees its conditions for a new task (the existing-task check).
  async onSettled(tx, task) {
    if (task.status !== 'completed')
      await updateEvidenceTask(tx, task.enterpriseUuid, task.id, { live: false });
  },
  // A retried task holds its conditions again, unless another task took them meanwhile.
  async onRetry(tx, task) {
    const row = await evidenceTaskRow(tx, ownerOf(task), task.id);
    if (!row) return;
    const other = await liveTaskId(tx, task.enterpriseUuid, row.conditionsKey);
    if (other && other !== task.id) throw new AppError('EVIDENCE_TASK_EXISTS', undefined, { taskId: other });
    await updateEvidenceTask(tx, task.enterpriseUuid, task.id, { live: true });
  },
});

/** The task's enterprise, whole (the kit's hooks see every task of it). */
const ownerOf = (task: { enterpriseUuid: string; createdBy: number }): TenantContext => ({
  enterpriseUuid: task.enterpriseUuid,
  userId: task.createdBy,
  permissions: new Set<string>(),
  dataScope: 'company',
  unconfigured: new Set<string>(),
});

async function runEvidenceTask(ctx: TaskContext<z.infer<typeof ZPayload>>): Promise<void> {
  const { deps } = ctx;
  const tenant: TenantContext = {
    ...ctx.tenant,
    permissions: new Set<string>(),
    dataScope: ctx.payload.dataScope,
    unconfigured: new Set<string>(),
  };
  const row = await withTenant(deps.db, tenant, async (tx) => {
    const found = await evidenceTaskRow(tx, { ...tenant, dataScope: 'company' }, ctx.payload.evidenceTaskId);
    // A run resumed after a crash writes its package again: the earlier items and package go.
    if (found) {
      await clearItems(tx, tenant.enterpriseUuid, found.id);
      await updateEvidenceTask(tx, tenant.enterpriseUuid, found.id, { packageKey: null });
    }
    return found;
  });
  if (!row) throw new TaskFailed('NOT_FOUND');
  if (row.packageKey) await deps.storage.remove(row.packageKey);
  const request: TPackageRequest = {
    scope: ZPackageScope.parse(row.scope),
    type: row.taskType === 2 ? 2 : 1,
    withheldFields: Array.isArray(row.conditions['withheldFields'])
      ? (row.conditions['withheldFields'] as string[])
      : [],
  };

  const key = storageKeyOf(randomBytes(16).toString('hex'));
  const writer = deps.storage.writer(key);
  const hash = createHash('sha256');
  const sink: PackageSink = {
    write(chunk) {
      hash.update(chunk);
      return writer.write(chunk);
    },
    end: () => writer.end(),
  };
  let summary;
  try {
    summary = await writeEvidencePackage(deps, tenant, request, sink, {
      limit: deps.config.EVIDENCE_VIN_LIMIT,
      maxBytes: deps.config.EVIDENCE_PACKAGE_MAX_BYTES,
      onProgress: (done, total, phase) => ctx.progress({ done, total, phase }),
      onRecords: async (records) => {
        await withTenant(deps.db, tenant, (tx) =>
          insertItems(
            tx,
            records.map((r) => itemRow(tenant, row.id, r)),
          ),
        );
      },
    });
  } catch (err) {
    await writer.abort();
    if (err instanceof AppError && FAILS_WITH.has(err.key)) throw new TaskFailed(err.key);
    throw err;
  }
  const sha256 = hash.digest('hex');
  // Kept only while the task is still underway: a task cancelled meanwhile keeps no package.
  const stored = await withTenant(deps.db, tenant, async (tx) => {
    const kit = await taskRow(tx, row.id, { forUpdate: true });
    if (kit?.status !== 'underway') return null;
    const [updated] = await updateEvidenceTask(tx, tenant.enterpriseUuid, row.id, {
      packageKey: key,
      packageSize: summary.bytes,
      packageSha256: sha256,
      counts: { records: summary.records, attachments: summary.attachments, blocks: summary.blocks },
    });
    return updated ?? null;
  });
  if (!stored) {
    await deps.storage.remove(key);
    throw new TaskFailed('NOT_FOUND');
  }
}

const itemRow = (tenant: Pick<TenantContext, 'enterpriseUuid'>, taskId: string, r: WrittenRecord) => ({
  enterpriseUuid: tenant.enterpriseUuid,
  taskId,
  seq: r.seq,
  tier: r.tier,
  direction: r.direction,
  own: r.own,
  eventId: r.eventId,
  eventType: r.eventType,
  subjectType: r.subjectType,
  label: r.label,
  ownerUuid: r.ownerUuid,
  leafIndex: r.leafIndex,
  leafHash: r.leafHash,
  blockHeight: r.blockHeight,
  opened: r.opened,
  withheld: r.withheld,
});
