import { eq, gte, lt, type SQL } from 'drizzle-orm';
import type { api, TCarbonFootprint, TCarbonResult, TLang, TListResponse, TParsed } from '@tracehub/contract';
import { LCA_REPORT_BIZ_TYPE, recordBizNo } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { productCarbon, products } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { decimalInput } from '../../platform/decimal.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
import { appendEvidence, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { runListQuery } from '../../platform/list-query.ts';
import { carbonEvidence } from '../product/evidence.ts';
import { findProduct, productListQuery } from '../product/public.ts';
import {
  carbonHistoryQuery,
  currentCarbon,
  currentFootprints,
  findCarbon,
  hasFootprint,
  insertCarbon,
  lcaReportFile,
  productsWithFootprint,
} from './repo.ts';
import { endOfChinaDay, toCarbonResults, toFootprints } from './view.ts';

// Carbon footprints (spec 2.3, 2.4 "Carbon calculation result", 7 /carbonFootprint/...). An upload is
// recorded as evidence in the tenant transaction that writes it, with the LCA report's SHA-256 as data hash.

type Input<K extends keyof typeof api.carbon> = TParsed<(typeof api.carbon)[K]>;

/**
 * Uploads a footprint of one of the caller's products: the LCA report must be a file the enterprise
 * uploaded as an LCA report (its name and SHA-256 are kept with the footprint). It becomes the current one.
 */
export async function addFootprint(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  input: Input<'addCarbonFootprint'>,
  lang: TLang,
): Promise<TCarbonFootprint> {
  const product = await findProduct(db, tenant, input.productId);
  if (!product) throw new AppError('NOT_FOUND');
  const bizNo = recordBizNo('Product', product.id);
  const file = await lcaReportFile(db, tenant, input.fileKey, LCA_REPORT_BIZ_TYPE, bizNo);
  if (!file) throw fieldInvalid(lang, 'fileKey', 'v.carbon.lcaFileInvalid');
  const row = await insertCarbon(db, tenant, {
    productId: product.id,
    baseYear: input.baseYear,
    result: decimalInput(input.calculationResults)!,
    lcaFileKey: file.fileKey,
    lcaFileName: file.fileName,
    lcaFileHash: file.sha256,
    authority: input.authenticationOrganization,
  });
  await appendEvidence(db, keys, carbonEvidence(row, product));
  const view = await findCarbon(db, tenant, row.id);
  return (await toFootprints(db, [view!]))[0]!;
}

// Epoch milliseconds any timestamp column and Date hold (years 1-9999), as bounds of a time filter.
const MIN_TIME_MS = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_TIME_MS = Date.parse('9999-12-31T23:59:59.999Z');
const instant = (ms: number) => new Date(Math.min(Math.max(ms, MIN_TIME_MS), MAX_TIME_MS)).toISOString();

/** Upload-time bounds and the base year of the products' current footprints (the carbon list's filters). */
function currentFilters(req: Input<'selectCarbonList'>): (SQL | undefined)[] {
  const uploaded = currentCarbon(productCarbon.createdAt);
  return [
    hasFootprint,
    req.productId === undefined ? undefined : eq(products.id, req.productId),
    req.baseYear === undefined ? undefined : eq(currentCarbon(productCarbon.baseYear), req.baseYear),
    req.createdFrom === undefined ? undefined : gte(uploaded, instant(req.createdFrom)),
    // Inclusive of the whole millisecond: stored times carry microseconds that clients never see.
    req.createdTo === undefined ? undefined : lt(uploaded, instant(req.createdTo + 1)),
  ];
}

/** Products that have a footprint, each with its current one (/selectCarbonList). */
export async function pageCurrentFootprints(
  db: Db,
  tenant: TenantContext,
  req: Input<'selectCarbonList'>,
): Promise<TListResponse<TCarbonResult>> {
  const { list, total } = await runListQuery(
    db,
    productListQuery(tenant, { ...req, createdFrom: undefined, createdTo: undefined }, currentFilters(req)),
  );
  const current = await currentFootprints(
    db,
    list.map((p) => p.id),
  );
  const items = list.flatMap((product) => {
    const carbon = current.get(product.id);
    return carbon ? [{ product, carbon }] : [];
  });
  return { list: await toCarbonResults(db, items), total };
}

/** Every upload, newest first by default; a product's history with productId (/queryCarbonFootprintList). */
export async function pageFootprintHistory(
  db: Db,
  tenant: TenantContext,
  req: Input<'queryCarbonFootprintList'>,
): Promise<TListResponse<TCarbonResult>> {
  const { list, total } = await runListQuery(db, carbonHistoryQuery(tenant, req));
  const items = list.map((row) => ({
    product: {
      id: row.productId,
      name: row.productName,
      nameEn: row.productNameEn,
      code: row.productCode,
      batchNo: row.productBatchNo,
      vinSn: row.productVinSn,
    },
    carbon: row,
  }));
  return { list: await toCarbonResults(db, items), total };
}

/**
 * The footprint of the product matching a code (and batch number, VIN/SN when given) that was current at
 * the end of `date` (now without one). Several products match when batch or VIN/SN are left out: the newest
 * footprint among them wins.
 */
async function footprintOf(
  db: Db,
  tenant: TenantContext,
  match: { code: string; batchNo?: string | undefined; vinSn?: string | undefined },
  asked: { storageDate?: string | undefined; interiorBatchNo?: string | undefined },
): Promise<TCarbonResult | null> {
  const before = asked.storageDate ? endOfChinaDay(asked.storageDate) : undefined;
  const candidates = await productsWithFootprint(db, tenant, match, before);
  const current = await currentFootprints(
    db,
    candidates.map((p) => p.id),
    before,
  );
  let best: {
    product: (typeof candidates)[number];
    carbon: NonNullable<ReturnType<typeof current.get>>;
  } | null = null;
  for (const product of candidates) {
    const carbon = current.get(product.id);
    if (!carbon) continue;
    const newer =
      !best ||
      carbon.createdAt.getTime() > best.carbon.createdAt.getTime() ||
      (carbon.createdAt.getTime() === best.carbon.createdAt.getTime() && carbon.id > best.carbon.id);
    if (newer) best = { product, carbon };
  }
  return best ? ((await toCarbonResults(db, [best], asked))[0] ?? null) : null;
}

/** /queryCarbonFootprintOne: by code, batch number, VIN/SN and storage date. */
export function queryFootprintOne(
  db: Db,
  tenant: TenantContext,
  input: Input<'queryCarbonFootprintOne'>,
): Promise<TCarbonResult | null> {
  return footprintOf(
    db,
    tenant,
    { code: input.code, batchNo: input.batchNo, vinSn: input.vinSn },
    { storageDate: input.storageDate },
  );
}

/**
 * /queryCarbonFootprintOneSale: by product code, batch number (or the seller's internal batch number, until
 * sales documents carry their own) and VIN/SN.
 */
export function queryFootprintOneSale(
  db: Db,
  tenant: TenantContext,
  input: Input<'queryCarbonFootprintOneSale'>,
): Promise<TCarbonResult | null> {
  return footprintOf(
    db,
    tenant,
    { code: input.productCode, batchNo: input.batchNo ?? input.interiorBatchNo, vinSn: input.vinSn },
    { interiorBatchNo: input.interiorBatchNo },
  );
}
