import {
  MATERIAL_NATURES,
  MATERIAL_PAGES,
  materialRecords,
  recordBizNo,
  type TLang,
  type TMaterial,
  type TMaterialNature,
  type TMaterialOption,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { materials } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
import { appendEvidence, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { latestChainDetails } from '../../platform/ledger/records.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import { defineRecordStore } from '../../platform/records/store.ts';
import { findQualityFile, materialOptions, setQuality, type MaterialRow } from './repo.ts';

// Materials (/basicData/materialData: purchased, /basicData/materialDataIn: homemade): one record store per
// nature, each fixing its nature on every query and write. The store derives the list, detail, writes and
// evidence from the contract's declaration; the quality report (attached on its own, its evidence that of
// the file's upload) is the material's hook. Products and code mappings reference a material by its id,
// documents by its code: deleting it, or changing its code or batch number, is refused while they do.

/** The quality report on the row as evidence holds it: the file's key, name and SHA-256. */
const qualityOf = (r: MaterialRow) =>
  r.qualityFileKey
    ? { fileKey: r.qualityFileKey, fileName: r.qualityFileName, fileHash: r.qualityFileHash }
    : null;

function materialStoreOf(nature: TMaterialNature) {
  return defineRecordStore<(typeof materialRecords)[typeof nature], MaterialRow>(materialRecords[nature], {
    table: materials,
    scope: { column: materials.nature, key: 'nature', value: nature },
    subject: EVIDENCE.materialCreated.subjectType,
    references: 'material',
    hooks: {
      /** The quality report with the chain detail of its upload's evidence. */
      async presentBatch({ db }, rows) {
        const chains = await latestChainDetails(
          db,
          EVIDENCE.fileUploaded.subjectType,
          rows.flatMap((r) => (r.qualityFileKey ? [r.qualityFileKey] : [])),
        );
        return rows.map((r) => ({
          quality:
            r.qualityFileKey && r.qualityFileName && r.qualityFileHash
              ? {
                  fileKey: r.qualityFileKey,
                  fileName: r.qualityFileName,
                  fileHash: r.qualityFileHash,
                  chain: chains.get(r.qualityFileKey) ?? null,
                }
              : null,
        }));
      },
      evidence: (row, payload) => ({ ...payload, quality: qualityOf(row) }),
      exportValues: { quality: (row) => row.qualityFileName ?? '' },
    },
  });
}

/** Each nature's store, declared once at module load. */
export const materialStores = Object.fromEntries(
  MATERIAL_NATURES.map((nature) => [nature, materialStoreOf(nature)]),
) as Record<TMaterialNature, ReturnType<typeof materialStoreOf>>;

/** One nature's list page. */
export const pageMaterials = (
  db: Db,
  tenant: TenantContext,
  nature: TMaterialNature,
  req: Parameters<(typeof materialStores)[TMaterialNature]['page']>[2],
) => materialStores[nature].page(db, tenant, req);

/**
 * Attaches the quality inspection report: a file of the enterprise uploaded as bizType 'quality' (so its
 * type, size and content were checked and its upload recorded), filed under the material. Its key, name and
 * SHA-256 go on the row; the evidence holds them, with the file's content hash.
 */
export async function attachQuality(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  nature: TMaterialNature,
  input: { id: number; fileKey: string },
  lang: TLang,
): Promise<TMaterial> {
  const store = materialStores[nature];
  const current = await store.find(db, tenant, input.id);
  if (!current) throw new AppError('NOT_FOUND');
  const bizNo = recordBizNo(MATERIAL_PAGES[nature].code, current.id);
  const file = await findQualityFile(db, tenant, input.fileKey, bizNo);
  if (!file) throw fieldInvalid(lang, 'fileKey', 'v.material.qualityFile');
  if (current.qualityFileKey === file.fileKey) return (await store.present(db, [current], tenant))[0]!;
  const row = await setQuality(db, tenant, nature, current.id, file);
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(db, keys, {
    ...store.evidence('qualityAttached', row),
    dataHash: row.qualityFileHash,
  });
  return (await store.present(db, [row], tenant))[0]!;
}

export function optionsOf(
  db: Db,
  tenant: TenantContext,
  nature: TMaterialNature,
  req: { keyword?: string | undefined; ids?: number[] | undefined; limit: number },
): Promise<TMaterialOption[]> {
  return materialOptions(db, tenant, nature, req);
}
