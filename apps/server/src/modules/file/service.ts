import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  fileAccess,
  fileBizTypeExtensions,
  fileExtension,
  isAllowedFile,
  neutraliseFileName,
  type TFileBizType,
  type TFileEvidence,
  type TFileInfo,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import type { AppDeps, RequestMeta, SessionContext, TenantContext } from '../../platform/context.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
import { chainDetails, latestEventsOf } from '../../platform/ledger/records.ts';
import { EVIDENCE, recordFileUpload } from '../../platform/ledger/subjects.ts';
import { assertEndpointAccess } from '../../platform/permissions.ts';
import { fileWithinScope } from '../../platform/record-access.ts';
import { storageKeyOf } from '../../platform/storage.ts';
import { CERTIFICATION_BIZ_TYPES, assertMayReadFile } from './access.ts';
import { findFileByKey, toFileInfo, type FileRow } from './repo.ts';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface Upload {
  fileName: string;
  content: Buffer;
}

/**
 * Stores one upload: the extension must be one the business type accepts and the leading bytes must be
 * of that extension's kind (spec 5); the content is hashed (SHA-256) and kept under a random key, and the
 * upload is recorded on the evidence ledger (data hash = the SHA-256) in the same transaction as its row.
 */
export async function uploadFile(
  deps: AppDeps,
  session: SessionContext,
  input: { bizType: TFileBizType; bizNo?: string | undefined },
  upload: Upload | null,
  meta: RequestMeta,
): Promise<TFileInfo> {
  if (!upload) throw fieldInvalid(meta.lang, 'file', 'v.file.required');
  const allowed = fileBizTypeExtensions(input.bizType);
  // As shown later: no directories, no control, direction-override or invisible characters (so
  // `invoice\u202Egnp.pdf` cannot pose as a .png), at most 200 characters.
  const fileName = neutraliseFileName(upload.fileName);
  if (!isAllowedFile(fileName, upload.content, allowed)) {
    throw new AppError('FILE_TYPE_INVALID', { types: allowed.join('/') });
  }
  const fileKey = randomBytes(16).toString('hex');
  const storagePath = storageKeyOf(fileKey);
  await deps.storage.put(storagePath, upload.content);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(files)
        .values({
          fileKey,
          ownerUserId: session.userId,
          enterpriseUuid: CERTIFICATION_BIZ_TYPES.has(input.bizType) ? null : session.enterpriseUuid,
          bizType: input.bizType,
          bizNo: input.bizNo || null,
          fileName,
          contentType: CONTENT_TYPES[fileExtension(fileName)] ?? 'application/octet-stream',
          size: upload.content.length,
          sha256: sha256Hex(upload.content),
          storagePath,
        })
        .returning();
      await recordFileUpload(tx, deps, inserted!);
      return inserted!;
    });
    return toFileInfo(row);
  } catch (err) {
    // Content without its row could never be read or cleaned up.
    await deps.storage.remove(storagePath);
    throw err;
  }
}

/**
 * A file the caller may read (access.ts: its record's page code and data permission); any other is E1003,
 * so a key's existence is never confirmed. `deps.db` reads it: certification uploads belong to no
 * enterprise yet, and operators have none.
 */
export async function readFile(
  deps: AppDeps,
  session: SessionContext,
  fileKey: string,
): Promise<{ row: FileRow; content: Buffer }> {
  const row = await findFileByKey(deps.db, fileKey);
  if (!row) throw new AppError('NOT_FOUND');
  await assertMayReadFile(deps.db, session, row);
  const content = await deps.storage.get(row.storagePath);
  if (!content) throw new AppError('NOT_FOUND');
  return { row, content };
}

/**
 * The enterprise's files of one business record with their upload evidence (/file/list); `db` is the
 * tenant transaction. Files without evidence (none since the ledger records every upload) are left out.
 */
export async function listFiles(
  db: Db,
  tenant: TenantContext,
  input: { bizType: TFileBizType; bizNo: string },
): Promise<TFileEvidence[]> {
  // A record's files only, with its page's read code and the record within the data permission: the
  // record is what is checked, so the check stands for every file under it.
  const access = fileAccess(input.bizType, input.bizNo);
  if (!access || access.page === null) throw new AppError('FORBIDDEN');
  assertEndpointAccess(access.read ?? [], tenant);
  const record = { ownerUserId: tenant.userId, enterpriseUuid: tenant.enterpriseUuid, ...input };
  if (!(await fileWithinScope(db, tenant, record, access))) throw new AppError('NOT_FOUND');
  const rows = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.enterpriseUuid, tenant.enterpriseUuid),
        eq(files.bizType, input.bizType),
        eq(files.bizNo, input.bizNo),
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id));
  const events = await latestEventsOf(
    db,
    EVIDENCE.fileUploaded.subjectType,
    rows.map((r) => r.fileKey),
  );
  const withEvidence = rows.flatMap((row) => {
    const event = events.get(row.fileKey);
    return event ? [{ row, event }] : [];
  });
  const chains = await chainDetails(
    db,
    withEvidence.map((w) => w.event),
  );
  return withEvidence.map(({ row, event }, i) => ({
    fileName: row.fileName,
    fileHash: row.sha256,
    txHash: event.leafHash,
    txTime: event.createdAt.getTime(),
    rowkey: String(event.id),
    fileKey: row.fileKey,
    chain: chains[i]!,
  }));
}
