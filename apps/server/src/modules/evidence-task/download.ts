import { and, eq, sql } from 'drizzle-orm';
import { EVIDENCE_TASK_CODES, type TLang, type TPreDownload } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { evidenceTasks, tasks } from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { downloadLinkKey, signedLink, verifyDownloadToken } from '../../platform/download-link.ts';
import { AppError } from '../../platform/errors.ts';
import { assertEndpointAccess } from '../../platform/permissions.ts';
import { evidenceTaskRow } from './repo.ts';

/*
 * A package's download (spec 7 /file/preDownload with taskId, 8 "download link valid for 3 minutes"): a
 * signed link to GET /api/task/package that needs no session, valid DOWNLOAD_LINK_VALIDITY_MS, under a key
 * of its own (a file's link cannot name a package). The link names the task; the package is read when the
 * link is used, so a task cancelled meanwhile downloads nothing.
 */

export const PACKAGE_ROUTE = '/task/package';

/** The download's name in the caller's language. */
const packageName = (taskId: string, lang: TLang) =>
  `${lang === 'zh' ? '证据包' : 'evidence-package'}-${taskId.slice(0, 8)}.zip`;

/**
 * A link to the caller's completed task's package (TaskList:Download; E1003 for a task it may not see;
 * B2214 before the package exists or once the task was cancelled). Sets the task's last download time;
 * `countDownload` (/file/preDownloadStats) also counts it.
 */
export async function issuePackageLink(
  tx: Db,
  deps: Pick<AppDeps, 'masterKey' | 'config'>,
  tenant: TenantContext,
  taskId: string,
  opts: { countDownload: boolean; lang: TLang },
): Promise<TPreDownload> {
  assertEndpointAccess([EVIDENCE_TASK_CODES.download], tenant);
  const row = await evidenceTaskRow(tx, tenant, taskId);
  if (!row) throw new AppError('NOT_FOUND');
  const [kit] = await tx.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, row.id)).limit(1);
  if (kit?.status !== 'completed' || !row.packageKey) throw new AppError('EVIDENCE_NOT_DOWNLOADABLE');
  await tx
    .update(evidenceTasks)
    .set({
      lastDownloadAt: sql`now()`,
      ...(opts.countDownload ? { downloadCount: sql`${evidenceTasks.downloadCount} + 1` } : {}),
    })
    .where(and(eq(evidenceTasks.enterpriseUuid, tenant.enterpriseUuid), eq(evidenceTasks.id, row.id)));
  return signedLink(
    deps,
    {
      fileKey: row.id,
      enterpriseUuid: tenant.enterpriseUuid,
      fileName: packageName(row.id, opts.lang),
      blobType: 'application/zip',
    },
    'evidencePackage',
    PACKAGE_ROUTE,
  );
}

/** The package a link grants, as a stream: F1008 once expired, E1003 when changed or no longer there. */
export async function linkedPackage(
  deps: Pick<AppDeps, 'db' | 'storage' | 'masterKey'>,
  token: string,
  now: number,
) {
  const grant = verifyDownloadToken(downloadLinkKey(deps.masterKey, 'evidencePackage'), token, now);
  // The platform connection: the link is the permission, checked above.
  const [row] = await deps.db
    .select({ packageKey: evidenceTasks.packageKey, size: evidenceTasks.packageSize, status: tasks.status })
    .from(evidenceTasks)
    .innerJoin(tasks, eq(tasks.id, evidenceTasks.id))
    .where(and(eq(evidenceTasks.id, grant.fileKey), eq(evidenceTasks.enterpriseUuid, grant.enterpriseUuid)))
    .limit(1);
  if (!row?.packageKey || row.status !== 'completed') throw new AppError('NOT_FOUND');
  const stream = await deps.storage.reader(row.packageKey);
  if (!stream) throw new AppError('NOT_FOUND');
  return { stream, size: row.size, fileName: grant.fileName };
}
