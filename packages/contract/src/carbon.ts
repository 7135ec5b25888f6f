import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ZChainDetail } from './ledger.ts';
import { LIMITS } from './limits.ts';
import { listRequest, ZListResponse } from './list.ts';
import { PRODUCT_PERMISSIONS, PRODUCT_LIMITS, ZCarbonFootprint, zRowId } from './product.ts';
import { zWeight } from './validators/numbers.ts';

/*
 * Carbon footprints of products (spec 2.3 "carbon footprint upload", 2.4 "Carbon calculation result",
 * 3 "Carbon result", 7 /carbonFootprint/...). Each upload keeps its base year, result in kgCO2e, LCA report
 * (an upload of bizType 'lcaReport', with its SHA-256) and certification authority; the newest upload is the
 * product's current footprint, earlier ones are its history.
 */

export const CARBON_LIMITS = {
  authorityMax: 100,
  /** The earliest base year taken: LCA methods are far younger. */
  baseYearMin: 1900,
} as const;

/** The file business type of LCA reports (FILE_BIZ_TYPES). */
export const LCA_REPORT_BIZ_TYPE = 'lcaReport';

/**
 * A base year: four digits, not after the current year (the clock of whoever checks: browser or server).
 * Given as a number or a numeric text; a number out.
 */
export const zBaseYear = z
  .union([z.number(), z.string()], { error: 'v.carbon.baseYear' })
  .refine((v) => /^\d{4}$/.test(String(v).trim()) && Number(v) >= CARBON_LIMITS.baseYearMin, {
    error: 'v.carbon.baseYear',
    abort: true,
  })
  .refine((v) => Number(v) <= new Date().getFullYear(), { error: 'v.carbon.baseYearFuture' })
  .transform((v) => Number(v));

/** The result in kgCO2e: a number >= 0 with at most 9 integer digits and 4 decimals (the weight rule). */
export const zCarbonResult = zWeight;

/** A carbon footprint upload: the LCA report is uploaded first (/file/upload?bizType=lcaReport). */
export const ZCarbonUpload = z.object({
  productId: z.number().int(),
  baseYear: zBaseYear,
  calculationResults: zCarbonResult,
  /** The uploaded LCA report's key. */
  fileKey: z.string().trim().min(1, 'v.carbon.lcaFile').max(100),
  authenticationOrganization: z.string().trim().min(1).max(CARBON_LIMITS.authorityMax),
});
export type TCarbonUpload = z.output<typeof ZCarbonUpload>;

/**
 * Spec 3 "Carbon result": a product with one of its footprints. `productCode` repeats `code` and
 * `interiorBatchNo` the batch number (the enterprise's own batch; documents will carry their own later);
 * `storageDate` is the footprint's upload date (YYYY-MM-DD, China time) unless a query named one.
 */
export const ZCarbonResult = z.object({
  productId: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  code: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  interiorBatchNo: z.string(),
  productCode: z.string(),
  storageDate: z.string(),
  /** The footprint upload. */
  id: z.number().int(),
  baseYear: z.number().int(),
  /** kgCO2e as exact decimal text. */
  calculationResults: z.string(),
  lcaFileName: z.string(),
  fileKey: z.string(),
  lcaFileHash: z.string(),
  authenticationOrganization: z.string(),
  operator: z.string(),
  createdAt: z.number().int(),
  chain: ZChainDetail.nullable(),
});
export type TCarbonResult = z.infer<typeof ZCarbonResult>;

const zCode = z.string().trim().max(LIMITS.productCodeOrBatchMax);
/** A calendar date YYYY-MM-DD that exists (no 2026-02-30). */
const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.date.format')
  .refine((s) => new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: 'v.date.format' });

/** Search fields of the carbon lists. */
export const ZCarbonFilters = {
  /** Only this product's footprints (its history). */
  productId: zRowId.optional(),
  /** Contained in the product code, name, batch number or VIN/SN. */
  keyword: z.string().trim().max(PRODUCT_LIMITS.nameMax).optional(),
  code: zCode.optional(),
  batchNo: zCode.optional(),
  vinSn: zCode.optional(),
  baseYear: z.coerce.number().int().min(0).max(9999).optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

const TAG = 'carbon';

export const carbonEndpoints = {
  addCarbonFootprint: endpoint({
    method: 'POST',
    path: '/carbonFootprint/addCarbonFootprint',
    input: ZCarbonUpload,
    output: ZCarbonFootprint,
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.edit,
    tag: TAG,
    summary:
      "Upload a product's carbon footprint (base year, kgCO2e, LCA report uploaded with bizType lcaReport, certification authority); it becomes the current one; recorded as evidence with the report's SHA-256",
  }),
  selectCarbonList: endpoint({
    method: 'POST',
    path: '/carbonFootprint/selectCarbonList',
    input: listRequest(ZCarbonFilters),
    output: ZListResponse(ZCarbonResult),
    reads: true,
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.viewCarbon,
    tag: TAG,
    summary:
      "The enterprise's products that have a carbon footprint, each with its current one; sortField code, name, createdAt (the product's, default newest first)",
  }),
  queryCarbonFootprintList: endpoint({
    method: 'POST',
    path: '/carbonFootprint/queryCarbonFootprintList',
    input: listRequest(ZCarbonFilters),
    output: ZListResponse(ZCarbonResult),
    reads: true,
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.viewCarbon,
    tag: TAG,
    summary:
      "Every carbon footprint upload (history), newest first by default; productId gives one product's history; sortField createdAt, baseYear",
  }),
  queryCarbonFootprintOne: endpoint({
    method: 'POST',
    path: '/carbonFootprint/queryCarbonFootprintOne',
    input: z.object({
      code: zCode.min(1),
      batchNo: zCode.optional(),
      vinSn: zCode.optional(),
      /** The footprint in effect on this date (YYYY-MM-DD, China time): the newest uploaded by its end. */
      storageDate: zDate.optional(),
    }),
    output: ZCarbonResult.nullable(),
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.viewCarbon,
    tag: TAG,
    summary:
      'The current carbon footprint of the product with this code (and batch number, VIN/SN when given), or the one in effect on storageDate; null when there is none',
  }),
  queryCarbonFootprintOneSale: endpoint({
    method: 'POST',
    path: '/carbonFootprint/queryCarbonFootprintOneSale',
    input: z.object({
      productCode: zCode.min(1),
      batchNo: zCode.optional(),
      vinSn: zCode.optional(),
      /** The seller's internal batch number: matched against the product's batch number when batchNo is absent. */
      interiorBatchNo: zCode.optional(),
    }),
    output: ZCarbonResult.nullable(),
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.viewCarbon,
    tag: TAG,
    summary:
      'The current carbon footprint of a sold product by its code (and batch number or internal batch number, VIN/SN when given); null when there is none',
  }),
};
