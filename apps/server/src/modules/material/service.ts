import type {
  TLang,
  TListRequestBase,
  TListResponse,
  TMaterial,
  TMaterialCreate,
  TMaterialNature,
  TMaterialOption,
} from '@tracehub/contract';
import { MATERIAL_PAGES, recordBizNo } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { uniqueAsError } from '../../platform/db-errors.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { appendEvidence, appendEvidenceBatch, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { EVIDENCE, materialEvidence } from '../../platform/ledger/subjects.ts';
import { runListQuery } from '../../platform/list-query.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import {
  deleteMaterials,
  materialKey,
  materialKeyAt,
  findMaterial,
  findMaterials,
  findQualityFile,
  insertMaterials,
  materialListQuery,
  materialOptions,
  materialValues,
  updateMaterial,
  withChainDetails,
  type MaterialFilters,
  type MaterialRow,
  type MaterialValues,
} from './repo.ts';

// Materials (/basicData/materialData: purchased, /basicData/materialDataIn: homemade). Every function takes
// the tenant transaction and the nature its endpoint fixes; each change is recorded as evidence in that
// transaction, so there is never a change without its evidence or the reverse.

const UNIQUE_KEY = 'materials_enterprise_nature_code_batch_uq';

async function mustFind(db: Db, tenant: TenantContext, nature: TMaterialNature, id: number) {
  const row = await findMaterial(db, tenant, nature, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function assertKeyFree(
  db: Db,
  tenant: TenantContext,
  nature: TMaterialNature,
  key: { code: string; batchNo: string },
): Promise<void> {
  const found = await existingNaturalKeys(db, tenant.enterpriseUuid, materialKeyAt(nature), [
    materialKey(key),
  ]);
  if (found.length > 0) throw new AppError('MATERIAL_EXISTS');
}

/** A concurrent request that won the unique index is the same duplicate as one found before. */
const duplicateAsExists = <T>(write: () => Promise<T>) =>
  uniqueAsError(write, { [UNIQUE_KEY]: 'MATERIAL_EXISTS' });

const detailOf = async (db: Db, row: MaterialRow): Promise<TMaterial> =>
  (await withChainDetails(db, [row]))[0]!;

/** Products and code mappings point at a material by its id, documents by its code. */
const referenced = (rows: readonly MaterialRow[]) => rows.map((r) => ({ id: r.id, code: r.code }));

export async function pageMaterials(
  db: Db,
  tenant: TenantContext,
  nature: TMaterialNature,
  req: TListRequestBase & MaterialFilters,
): Promise<TListResponse<TMaterial>> {
  const { list, total } = await runListQuery(db, materialListQuery(tenant, nature, req));
  return { list: await withChainDetails(db, list), total };
}

export async function materialDetail(
  db: Db,
  tenant: TenantContext,
  nature: TMaterialNature,
  id: number,
): Promise<TMaterial> {
  return detailOf(db, await mustFind(db, tenant, nature, id));
}

export async function addMaterial(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  nature: TMaterialNature,
  input: TMaterialCreate,
): Promise<TMaterial> {
  const values = materialValues(nature, input);
  await assertKeyFree(db, tenant, nature, values);
  const [row] = await duplicateAsExists(() => insertMaterials(db, tenant, nature, [values]));
  await appendEvidence(db, keys, materialEvidence(EVIDENCE.materialCreated, row!));
  return detailOf(db, row!);
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether the values differ from the row's (weights compare as values: both are normalised text). */
function changed(row: MaterialRow, values: MaterialValues): boolean {
  return (Object.keys(values) as (keyof MaterialValues)[]).some((key) =>
    key === 'receiptTime' ? !sameTime(row.receiptTime, values.receiptTime) : row[key] !== values[key],
  );
}

/**
 * Changes a material's fields (its quality report stays). A new code or batch number must be free, and
 * business data must not reference the old one (documents name a material by its code). Nothing changed:
 * nothing recorded.
 */
export async function editMaterial(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  nature: TMaterialNature,
  input: TMaterialCreate & { id: number },
): Promise<TMaterial> {
  const current = await mustFind(db, tenant, nature, input.id);
  const values = materialValues(nature, input);
  if (!changed(current, values)) return detailOf(db, current);
  if (current.code !== values.code || current.batchNo !== values.batchNo) {
    await assertKeyFree(db, tenant, nature, values);
    await assertNotReferenced(db, tenant, 'material', referenced([current]));
  }
  const row = await duplicateAsExists(() => updateMaterial(db, tenant, nature, current.id, values));
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(db, keys, materialEvidence(EVIDENCE.materialUpdated, row));
  return detailOf(db, row);
}

/** Deletes materials no business data references (spec 8), all or none, and records each deletion. */
export async function removeMaterials(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  nature: TMaterialNature,
  ids: readonly number[],
): Promise<number> {
  const wanted = new Set(ids);
  const rows = await findMaterials(db, tenant, nature, [...wanted]);
  // An id that is unknown, another enterprise's or of the other nature fails the whole request.
  if (rows.length !== wanted.size) throw new AppError('NOT_FOUND');
  await assertNotReferenced(db, tenant, 'material', referenced(rows));
  const deleted = await deleteMaterials(
    db,
    tenant,
    nature,
    rows.map((r) => r.id),
  );
  if (deleted.length !== rows.length) throw new AppError('NOT_FOUND');
  await appendEvidenceBatch(
    db,
    keys,
    deleted.map((row) => materialEvidence(EVIDENCE.materialDeleted, row)),
  );
  return deleted.length;
}

/**
 * Attaches the quality inspection report: a file of the enterprise uploaded as bizType 'quality' (so its
 * type, size and content were checked and its upload recorded). Its key, name and SHA-256 go on the row.
 */
export async function attachQuality(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  nature: TMaterialNature,
  input: { id: number; fileKey: string },
  lang: TLang,
): Promise<TMaterial> {
  const current = await mustFind(db, tenant, nature, input.id);
  const bizNo = recordBizNo(MATERIAL_PAGES[nature].code, current.id);
  const file = await findQualityFile(db, tenant, input.fileKey, bizNo);
  if (!file) throw fieldInvalid(lang, 'fileKey', 'v.material.qualityFile');
  if (current.qualityFileKey === file.fileKey) return detailOf(db, current);
  const row = await updateMaterial(db, tenant, nature, current.id, {
    qualityFileKey: file.fileKey,
    qualityFileName: file.fileName,
    qualityFileHash: file.sha256,
  });
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(db, keys, materialEvidence(EVIDENCE.materialQualityAttached, row));
  return detailOf(db, row);
}

export function optionsOf(
  db: Db,
  tenant: TenantContext,
  nature: TMaterialNature,
  req: { keyword?: string | undefined; ids?: number[] | undefined; limit: number },
): Promise<TMaterialOption[]> {
  return materialOptions(db, tenant, nature, req);
}
