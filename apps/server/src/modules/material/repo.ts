import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { LIMITS, type TMaterialNature, type TMaterialOption, type TTraceLabel } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { files, materials } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, searchReader, type TenantScope, visibleRows } from '../../platform/list-query.ts';

// Materials of the enterprise, as the quality reports and the pickers of other pages read and write them
// (the list, the detail and the writes are the record stores', service.ts). Every query is scoped here: by
// the enterprise, by the nature its page (endpoint) fixes, and by the caller's own rows when its data
// permission is 'account'.

export type MaterialRow = typeof materials.$inferSelect;

/** The rows the caller may see and change, beyond the enterprise and the nature. */
const visible = (tenant: TenantScope, nature: TMaterialNature) =>
  and(visibleRows(materials, tenant), eq(materials.nature, nature));

/** Makes the file the material's quality report: its key, name and SHA-256 go on the row. */
export async function setQuality(
  db: Db,
  tenant: TenantScope,
  nature: TMaterialNature,
  id: number,
  file: { fileKey: string; fileName: string; sha256: string },
): Promise<MaterialRow | null> {
  const [row] = await db
    .update(materials)
    .set({
      qualityFileKey: file.fileKey,
      qualityFileName: file.fileName,
      qualityFileHash: file.sha256,
      updatedAt: new Date(),
    })
    .where(and(visible(tenant, nature), eq(materials.id, id)))
    .returning();
  return row ?? null;
}

/** A quality report the enterprise uploaded for this record (filed under its bizNo), or null. */
export async function findQualityFile(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  fileKey: string,
  bizNo: string,
): Promise<{ fileKey: string; fileName: string; sha256: string } | null> {
  const [row] = await db
    .select({ fileKey: files.fileKey, fileName: files.fileName, sha256: files.sha256 })
    .from(files)
    .where(
      and(
        eq(files.enterpriseUuid, tenant.enterpriseUuid),
        eq(files.fileKey, fileKey),
        eq(files.bizType, 'quality'),
        // A report filed under another record would be read under that record's data permission.
        eq(files.bizNo, bizNo),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Materials of a nature (null: both) for pickers: those whose code or name contains the keyword (by code),
 * and the given ids whatever the keyword, so that a picker can show its current values.
 */
export async function materialOptions(
  db: Db,
  tenant: TenantScope,
  nature: TMaterialNature | null,
  req: { keyword?: string | undefined; ids?: number[] | undefined; limit: number },
): Promise<TMaterialOption[]> {
  const columns = {
    id: materials.id,
    nature: materials.nature,
    code: materials.code,
    name: materials.name,
    nameEn: materials.nameEn,
    batchNo: materials.batchNo,
    tracingObject: materials.tracingObject,
  };
  const scope = nature ? visible(tenant, nature) : visibleRows(materials, tenant);
  const search = filters.containsAny([materials.code, materials.name, materials.nameEn], req.keyword);
  const found = await searchReader(db, [search])
    .select(columns)
    .from(materials)
    .where(and(scope, search))
    .orderBy(asc(materials.code), asc(materials.batchNo), asc(materials.id))
    .limit(req.limit);
  const ids = (req.ids ?? []).filter(isRowId).filter((id) => !found.some((f) => f.id === id));
  const chosen = ids.length
    ? await db
        .select(columns)
        .from(materials)
        .where(and(scope, inArray(materials.id, ids)))
        .orderBy(asc(materials.code), asc(materials.batchNo), asc(materials.id))
    : [];
  return [...chosen, ...found];
}

/** The enterprise's tracing objects: materials marked as traced, one row per code (its newest). */
export async function tracingObjects(db: Db, tenant: TenantScope): Promise<TTraceLabel[]> {
  return db
    .selectDistinctOn([materials.code], {
      code: materials.code,
      name: materials.name,
      nameEn: materials.nameEn,
    })
    .from(materials)
    .where(and(visibleRows(materials, tenant), eq(materials.tracingObject, true)))
    .orderBy(materials.code, desc(materials.id))
    .limit(LIMITS.maxCountedTotal);
}
