import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  attachmentPageCode,
  fileBizTypeExtensions,
  fileExtension,
  isAllowedFile,
  isAttachmentBizType,
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
import { storageKeyOf } from '../../platform/storage.ts';
import { findFileByKey, toFileInfo, type FileRow } from './repo.ts';

/**
 * Uploads that belong to a certification, not to the enterprise the applicant happens to be signed in to:
 * only the applicant and the auditing operators read them until approval hands them to the new enterprise.
 */
export const CERTIFICATION_BIZ_TYPES: ReadonlySet<TFileBizType> = new Set(['businessLicence', 'idPhoto']);

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

/** The name as shown later: no directories, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(-200);
}

export interface Upload {
  fileName: string;
  content: Buffer;
}

/**
 * An attachment is filed under a record of a page (bizNo `<pageCode>:<key>`): uploading one needs that
 * page's UploadAffix, as deleting it does, whatever the client shows.
 */
export function assertMayAttach(
  session: SessionContext,
  input: { bizType: string; bizNo?: string | undefined },
) {
  if (!isAttachmentBizType(input.bizType)) return;
  const page = attachmentPageCode(input.bizNo ?? null);
  if (!page || !session.enterpriseUuid) throw new AppError('FORBIDDEN');
  assertEndpointAccess([`${page}:UploadAffix`], session);
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
  const fileName = cleanFileName(upload.fileName);
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

/** Its owner, members of its enterprise (in their current session) and operators auditing certifications. */
function mayRead(session: SessionContext, row: FileRow): boolean {
  if (row.ownerUserId === session.userId) return true;
  if (session.kind === 'operator') return CERTIFICATION_BIZ_TYPES.has(row.bizType as TFileBizType);
  return row.enterpriseUuid !== null && row.enterpriseUuid === session.enterpriseUuid;
}

/** A file the caller may read; any other is E1003, so a key's existence is never confirmed. */
export async function readFile(
  deps: AppDeps,
  session: SessionContext,
  fileKey: string,
): Promise<{ row: FileRow; content: Buffer }> {
  const row = await findFileByKey(deps.db, fileKey);
  if (!row || !mayRead(session, row)) throw new AppError('NOT_FOUND');
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
