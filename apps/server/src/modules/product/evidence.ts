import type { NewEvidence } from '../../platform/ledger/append.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import { decimalText } from '../../platform/decimal.ts';
import type { CarbonRow } from '../carbon/public.ts';
import type { ProductRow } from './repo.ts';

// What the ledger records of products: the subject is the row id, the payload the product as it is after the
// change (before it, for a deletion) with its DID and tracing materials; a footprint upload is its own
// subject whose data hash is the LCA report's SHA-256.

type ProductEvent = (typeof EVIDENCE)['productCreated' | 'productUpdated' | 'productDeleted'];

export function productEvidence(
  event: ProductEvent,
  row: ProductRow,
  extra: { projectNo: string | null; materialIds: readonly number[] },
): NewEvidence {
  return {
    ...event,
    enterpriseUuid: row.enterpriseUuid,
    subjectId: String(row.id),
    payload: {
      uuid: row.uuid,
      did: row.did,
      name: row.name,
      nameEn: row.nameEn,
      code: row.code,
      batchNo: row.batchNo,
      vinSn: row.vinSn,
      spec: row.spec,
      unit: row.unit,
      weight: decimalText(row.weight),
      projectNo: extra.projectNo,
      materialIds: [...extra.materialIds].sort((a, b) => a - b),
    },
  };
}

export function carbonEvidence(
  row: CarbonRow,
  product: Pick<ProductRow, 'id' | 'uuid' | 'code' | 'batchNo' | 'vinSn'>,
): NewEvidence {
  return {
    ...EVIDENCE.productCarbonUploaded,
    enterpriseUuid: row.enterpriseUuid,
    subjectId: String(row.id),
    payload: {
      productId: product.id,
      productUuid: product.uuid,
      code: product.code,
      batchNo: product.batchNo,
      vinSn: product.vinSn,
      baseYear: row.baseYear,
      calculationResults: decimalText(row.result),
      lcaFileKey: row.lcaFileKey,
      lcaFileName: row.lcaFileName,
      lcaFileHash: row.lcaFileHash,
      authenticationOrganization: row.authority,
    },
    dataHash: row.lcaFileHash,
  };
}
