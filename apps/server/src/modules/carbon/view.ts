import type { TCarbonFootprint, TCarbonResult } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { decimalText } from '../../platform/decimal.ts';
import { latestChainDetails } from '../../platform/ledger/records.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import type { CarbonView } from './repo.ts';

// Footprint uploads as the API shows them: with the evidence of each upload, and (carbon results) with
// their product's identity.

/** Calendar dates of the carbon results are China's (the platform's default time zone). */
const DATE_ZONE = 'Asia/Shanghai';
const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DATE_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of an instant in China time. */
export const chinaDate = (at: Date): string => dateFormat.format(at);

/** The instant a China-time calendar day ends (the next day's midnight): uploads before it were in effect. */
export const endOfChinaDay = (date: string): Date =>
  new Date(Date.parse(`${date}T00:00:00+08:00`) + 86_400_000);

/** Uploads with the chain detail of their evidence, in the given order. */
export async function toFootprints(db: Db, rows: readonly CarbonView[]): Promise<TCarbonFootprint[]> {
  const chains = await latestChainDetails(
    db,
    EVIDENCE.productCarbonUploaded.subjectType,
    rows.map((r) => String(r.id)),
  );
  return rows.map((r) => ({
    id: r.id,
    productId: r.productId,
    baseYear: r.baseYear,
    calculationResults: decimalText(r.result),
    lcaFileName: r.lcaFileName,
    fileKey: r.lcaFileKey,
    lcaFileHash: r.lcaFileHash,
    authenticationOrganization: r.authority,
    operator: r.operator,
    createdAt: r.createdAt.getTime(),
    chain: chains.get(String(r.id)) ?? null,
  }));
}

/** The identity of a product a carbon result names. */
export interface CarbonProduct {
  id: number;
  name: string;
  nameEn: string;
  code: string;
  batchNo: string;
  vinSn: string;
}

/**
 * Spec 3 "Carbon result" of products with one footprint each. `storageDate` is the given date or the
 * upload's; `interiorBatchNo` the given one or the product's batch number.
 */
export async function toCarbonResults(
  db: Db,
  items: readonly { product: CarbonProduct; carbon: CarbonView }[],
  asked: { storageDate?: string | undefined; interiorBatchNo?: string | undefined } = {},
): Promise<TCarbonResult[]> {
  const footprints = await toFootprints(
    db,
    items.map((i) => i.carbon),
  );
  return items.map(({ product }, i) => {
    const { id, productId, ...footprint } = footprints[i]!;
    return {
      productId,
      name: product.name,
      nameEn: product.nameEn,
      code: product.code,
      batchNo: product.batchNo,
      vinSn: product.vinSn,
      interiorBatchNo: asked.interiorBatchNo ?? product.batchNo,
      productCode: product.code,
      storageDate: asked.storageDate ?? chinaDate(new Date(footprint.createdAt)),
      id,
      ...footprint,
    };
  });
}
