import { and, eq, sql } from 'drizzle-orm';
import { isAttachmentBizType, neutraliseFileName, type TPreDownload } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { files, ledgerEvents } from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { appendEvidence, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { EVIDENCE, fileDeletionEvidence } from '../../platform/ledger/subjects.ts';
import { assertMayDelete, assertTenantMayReadFile } from './access.ts';
import { signedLink } from '../../platform/download-link.ts';
import type { FileRow } from './repo.ts';

/** The enterprise's file with this key; E1003 for any other, so a key's existence is never confirmed. */
async function ownFile(db: Db, tenant: TenantContext, fileKey: string): Promise<FileRow> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.fileKey, fileKey), eq(files.enterpriseUuid, tenant.enterpriseUuid)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Deletes one attachment of the enterprise by its rowKey (its upload evidence's event id, as /file/list
 * gives it), in the tenant transaction `db`: needs `<pageCode>:UploadAffix` of the page its bizNo names
 * and its record within the caller's data permission (rowkeys are sequential: the key grants nothing).
 * The row goes and the deletion is recorded as evidence; the upload's evidence stays (the ledger is
 * append-only). Answers the content's storage key, to be removed once the transaction has committed.
 */
export async function deleteAttachment(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  rowKey: string,
): Promise<string> {
  const eventId = /^[0-9]{1,15}$/.test(rowKey) ? Number(rowKey) : null;
  if (eventId === null) throw new AppError('NOT_FOUND');
  const [upload] = await db
    .select({ fileKey: ledgerEvents.subjectId })
    .from(ledgerEvents)
    .where(
      and(
        eq(ledgerEvents.id, eventId),
        eq(ledgerEvents.eventType, EVIDENCE.fileUploaded.type),
        eq(ledgerEvents.enterpriseUuid, tenant.enterpriseUuid),
      ),
    )
    .limit(1);
  if (!upload) throw new AppError('NOT_FOUND');
  const row = await ownFile(db, tenant, upload.fileKey);
  // Licences, quality reports and the like belong to other records' fields, not to attachment lists.
  if (!isAttachmentBizType(row.bizType)) throw new AppError('NOT_FOUND');
  await assertMayDelete(db, tenant, row);
  await db.delete(files).where(eq(files.id, row.id));
  await appendEvidence(db, keys, fileDeletionEvidence(row, eventId));
  return row.storagePath;
}

/**
 * A session-free download link of one of the enterprise's files (/file/preDownload) the caller may read
 * (access.ts), valid for DOWNLOAD_LINK_VALIDITY_MS; `countDownload` (/file/preDownloadStats) adds one to
 * the file's counter.
 */
export async function issueDownloadLink(
  db: Db,
  deps: Pick<AppDeps, 'masterKey' | 'config'>,
  tenant: TenantContext,
  input: { fileKey: string; fileName?: string | undefined },
  opts: { countDownload: boolean },
): Promise<TPreDownload> {
  const row = await ownFile(db, tenant, input.fileKey);
  await assertTenantMayReadFile(db, tenant, row);
  if (opts.countDownload) {
    await db
      .update(files)
      .set({ downloadCount: sql`${files.downloadCount} + 1` })
      .where(eq(files.id, row.id));
  }
  const fileName = (input.fileName && neutraliseFileName(input.fileName)) || row.fileName;
  return signedLink(deps, {
    fileKey: row.fileKey,
    enterpriseUuid: tenant.enterpriseUuid,
    fileName,
    blobType: row.contentType,
  });
}

/** The file a verified link grants: still stored and still its enterprise's, else E1003. */
export async function linkedFile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  grant: { fileKey: string; enterpriseUuid: string },
): Promise<{ row: FileRow; content: Buffer }> {
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.fileKey, grant.fileKey), eq(files.enterpriseUuid, grant.enterpriseUuid)))
    .limit(1);
  const content = row ? await deps.storage.get(row.storagePath) : null;
  if (!row || !content) throw new AppError('NOT_FOUND');
  return { row, content };
}
