import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  TListRequestBase,
  TMaterial,
  TMaterialCreate,
  TMaterialNature,
  TMaterialOption,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { NaturalKeyColumns } from '../../platform/imports/natural-keys.ts';
import { files, materials } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { decimalInput, decimalText } from '../../platform/decimal.ts';
import { isRowId } from '../../platform/ids.ts';
import { latestChainDetails } from '../../platform/ledger/records.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import {
  filters,
  type ListQuery,
  searchReader,
  type TenantScope,
  visibleRows,
} from '../../platform/list-query.ts';

// Materials of the enterprise, one nature at a time. Every query is scoped here: by the enterprise, by the
// nature its page (endpoint) fixes, and by the caller's own rows when its data permission is 'account'.

export type MaterialRow = typeof materials.$inferSelect;

/** The fields a create or an update writes (the quality report is attached on its own). */
export type MaterialValues = Pick<
  MaterialRow,
  | 'code'
  | 'name'
  | 'nameEn'
  | 'tracingObject'
  | 'weight'
  | 'unit'
  | 'description'
  | 'supplierMaterialCode'
  | 'batchNo'
  | 'receiptNo'
  | 'receiptTime'
>;

/** The values of a create or update request (weight as exact text; no supplier code for homemade ones). */
export function materialValues(nature: TMaterialNature, input: TMaterialCreate): MaterialValues {
  return {
    code: input.code,
    name: input.name,
    nameEn: input.nameEn,
    tracingObject: input.tracingObject,
    weight: decimalInput(input.weight),
    unit: input.unit,
    description: input.description,
    supplierMaterialCode: nature === 'purchased' ? (input.supplierMaterialCode ?? '') : '',
    batchNo: input.batchNo,
    receiptNo: input.receiptNo,
    receiptTime:
      input.receiptTime === null || input.receiptTime === undefined ? null : new Date(input.receiptTime),
  };
}

/** Rows as the database returns them, with the weight as its value (evidence and answers use it). */
const normalised = (row: MaterialRow): MaterialRow => ({ ...row, weight: decimalText(row.weight) });

/** The rows the caller may see and change, beyond the enterprise and the nature. */
const visible = (tenant: TenantScope, nature: TMaterialNature) =>
  and(visibleRows(materials, tenant), eq(materials.nature, nature));

/** A code and batch number: the natural key of a material within its nature. */
/** Where a material's natural key (code and batch, unique per nature in the enterprise) is stored. */
export const materialKeyAt = (nature: TMaterialNature): NaturalKeyColumns => ({
  enterpriseColumn: materials.enterpriseUuid,
  columns: [materials.code, materials.batchNo],
  where: eq(materials.nature, nature),
});

/** A material's natural key: its code and batch number. */
export const materialKey = (row: { code: string; batchNo: string }) => [row.code, row.batchNo];

export interface MaterialFilters {
  code?: string | undefined;
  name?: string | undefined;
  batchNo?: string | undefined;
  supplierMaterialCode?: string | undefined;
  receiptNo?: string | undefined;
  tracingObject?: boolean | undefined;
  receiptFrom?: number | undefined;
  receiptTo?: number | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

/** The Chinese or the English name contains the text. */
const nameContains = (text: string | undefined) =>
  filters.containsAny([materials.name, materials.nameEn], text);

const listColumns = {
  id: materials.id,
  enterpriseUuid: materials.enterpriseUuid,
  nature: materials.nature,
  code: materials.code,
  name: materials.name,
  nameEn: materials.nameEn,
  tracingObject: materials.tracingObject,
  weight: materials.weight,
  unit: materials.unit,
  description: materials.description,
  supplierMaterialCode: materials.supplierMaterialCode,
  batchNo: materials.batchNo,
  receiptNo: materials.receiptNo,
  receiptTime: materials.receiptTime,
  qualityFileKey: materials.qualityFileKey,
  qualityFileName: materials.qualityFileName,
  qualityFileHash: materials.qualityFileHash,
  createdBy: materials.createdBy,
  createdAt: materials.createdAt,
  updatedAt: materials.updatedAt,
};

/** The list's query (page and export) of one nature; newest first. */
export function materialListQuery(
  tenant: TenantContext,
  nature: TMaterialNature,
  req: TListRequestBase & MaterialFilters,
): ListQuery<typeof listColumns> {
  return {
    table: materials,
    select: listColumns,
    tenantColumn: materials.enterpriseUuid,
    ownerColumn: materials.createdBy,
    tenant,
    where: [
      eq(materials.nature, nature),
      filters.contains(materials.code, req.code),
      nameContains(req.name),
      filters.contains(materials.batchNo, req.batchNo),
      filters.contains(materials.supplierMaterialCode, req.supplierMaterialCode),
      filters.contains(materials.receiptNo, req.receiptNo),
      filters.eq(materials.tracingObject, req.tracingObject),
      filters.from(materials.receiptTime, req.receiptFrom),
      filters.to(materials.receiptTime, req.receiptTo),
      filters.from(materials.createdAt, req.createdFrom),
      filters.to(materials.createdAt, req.createdTo),
    ],
    sortable: {
      code: materials.code,
      name: materials.name,
      batchNo: materials.batchNo,
      weight: materials.weight,
      receiptTime: materials.receiptTime,
      createdAt: materials.createdAt,
      updatedAt: materials.updatedAt,
    },
    defaultSort: { column: materials.createdAt, order: 'desc' },
    tieBreak: materials.id,
    page: req,
  };
}

export async function findMaterials(
  db: Db,
  tenant: TenantScope,
  nature: TMaterialNature,
  ids: readonly number[],
): Promise<MaterialRow[]> {
  const valid = [...new Set(ids.filter(isRowId))];
  if (valid.length === 0) return [];
  const rows = await db
    .select()
    .from(materials)
    .where(and(visible(tenant, nature), inArray(materials.id, valid)));
  return rows.map(normalised);
}

export async function findMaterial(
  db: Db,
  tenant: TenantScope,
  nature: TMaterialNature,
  id: number,
): Promise<MaterialRow | null> {
  return (await findMaterials(db, tenant, nature, [id]))[0] ?? null;
}

export async function insertMaterials(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
  nature: TMaterialNature,
  rows: readonly MaterialValues[],
): Promise<MaterialRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(materials)
    .values(
      rows.map((r) => ({ ...r, nature, enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId })),
    )
    .returning();
  return inserted.map(normalised);
}

export async function updateMaterial(
  db: Db,
  tenant: TenantScope,
  nature: TMaterialNature,
  id: number,
  changes: Partial<MaterialValues> &
    Partial<Pick<MaterialRow, 'qualityFileKey' | 'qualityFileName' | 'qualityFileHash'>>,
): Promise<MaterialRow | null> {
  const [row] = await db
    .update(materials)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(visible(tenant, nature), eq(materials.id, id)))
    .returning();
  return row ? normalised(row) : null;
}

export async function deleteMaterials(
  db: Db,
  tenant: TenantScope,
  nature: TMaterialNature,
  ids: readonly number[],
): Promise<MaterialRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(materials)
    .where(and(visible(tenant, nature), inArray(materials.id, [...ids])))
    .returning();
  return rows.map(normalised);
}

/** A quality report the enterprise uploaded (bizType 'quality'), or null. */
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

/**
 * The rows as the API shows them: each with the chain detail of its latest evidence, and its quality
 * report with the evidence of that file's upload.
 */
export async function withChainDetails(db: Db, rows: readonly MaterialRow[]): Promise<TMaterial[]> {
  const chains = await latestChainDetails(
    db,
    EVIDENCE.materialCreated.subjectType,
    rows.map((r) => String(r.id)),
  );
  // A quality report's evidence is its file's upload.
  const qualityChains = await latestChainDetails(
    db,
    EVIDENCE.fileUploaded.subjectType,
    rows.flatMap((r) => (r.qualityFileKey ? [r.qualityFileKey] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    nature: r.nature,
    code: r.code,
    name: r.name,
    nameEn: r.nameEn,
    tracingObject: r.tracingObject,
    weight: decimalText(r.weight),
    unit: r.unit,
    description: r.description,
    supplierMaterialCode: r.supplierMaterialCode,
    batchNo: r.batchNo,
    receiptNo: r.receiptNo,
    receiptTime: r.receiptTime ? r.receiptTime.getTime() : null,
    quality:
      r.qualityFileKey && r.qualityFileName && r.qualityFileHash
        ? {
            fileKey: r.qualityFileKey,
            fileName: r.qualityFileName,
            fileHash: r.qualityFileHash,
            chain: qualityChains.get(r.qualityFileKey) ?? null,
          }
        : null,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
    chain: chains.get(String(r.id)) ?? null,
  }));
}
