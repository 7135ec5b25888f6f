import { and, eq, inArray } from 'drizzle-orm';
import type { TFileBizType, TFileInfo } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;

export function toFileInfo(row: FileRow): TFileInfo {
  return {
    fileKey: row.fileKey,
    fileName: row.fileName,
    fileHash: row.sha256,
    size: row.size,
    contentType: row.contentType,
    bizType: row.bizType as TFileBizType,
    bizNo: row.bizNo,
    createdAt: row.createdAt.getTime(),
  };
}

export async function findFileByKey(db: Db, fileKey: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.fileKey, fileKey)).limit(1);
  return row ?? null;
}

/** The caller's own uploads among `fileKeys`, by key. */
export async function ownUploads(db: Db, userId: number, fileKeys: string[]): Promise<Map<string, FileRow>> {
  if (fileKeys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.ownerUserId, userId), inArray(files.fileKey, fileKeys)));
  return new Map(rows.map((r) => [r.fileKey, r]));
}

/** Hands files over to an enterprise, so its members may read them from then on. */
export async function assignFilesToEnterprise(db: Db, fileKeys: string[], enterpriseUuid: string) {
  if (fileKeys.length === 0) return;
  await db.update(files).set({ enterpriseUuid }).where(inArray(files.fileKey, fileKeys));
}
