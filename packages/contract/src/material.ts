import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { importExportEndpoints, type TImportKind } from './imports.ts';
import { recordStamps, ZChainDetail } from './ledger.ts';
import { LIMITS } from './limits.ts';
import { recordEndpoints } from './record-endpoints.ts';
import { zWeight } from './validators/numbers.ts';

/*
 * Materials (spec 2.2 /basicData/materialData and /basicData/materialDataIn, 3 "Material"): purchased
 * materials and homemade semi-finished products share one table and one declaration; each nature is its
 * own page with its own permission codes and endpoints, and the nature is fixed by the endpoint, never sent.
 */

export const MATERIAL_NATURES = ['purchased', 'homemade'] as const;
export type TMaterialNature = (typeof MATERIAL_NATURES)[number];
export const ZMaterialNature = z.enum(MATERIAL_NATURES);

/** Text limits the spec leaves open: names like the spec's other names, the description like comments. */
export const MATERIAL_LIMITS = {
  nameMax: 100,
  unitMax: 20,
  descriptionMax: LIMITS.commentMax,
  receiptNoMax: 50,
  /** Options a picker receives at most per search. */
  optionsMax: 100,
  optionsDefault: 20,
} as const;

/** Each nature's page: its menu code (permissions `<code>:<Action>`), API base and import kind. */
export const MATERIAL_PAGES = {
  purchased: { nature: 'purchased', code: 'MaterialData', base: '/materialData', kind: 'materialData' },
  homemade: { nature: 'homemade', code: 'MaterialDataIn', base: '/materialDataIn', kind: 'materialDataIn' },
} as const satisfies Record<
  TMaterialNature,
  { nature: TMaterialNature; code: string; base: string; kind: TImportKind }
>;

/**
 * Pages whose forms pick materials (products' tracing materials, the supplier and client material code
 * mappings): their sessions may read the options of either nature without the materials pages themselves.
 */
export const MATERIAL_PICKER_PAGES = ['Product', 'MaterialRelation', 'CustomMaterialRelation'] as const;

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** Weight in kg (spec 5: >= 0, 9 integer digits, 4 decimals); blank or null is no weight. */
const zOptionalWeight = z.preprocess(
  (v) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v),
  zWeight.nullable().optional(),
);

/** The latest instant a timestamp column and a Date both hold: 9999-12-31T23:59:59.999Z. */
const MAX_TIME_MS = 253_402_300_799_999;

/** Fields of both natures; the same schema validates the create call and every imported row. */
const materialFields = {
  code: z.string().trim().min(1).max(LIMITS.productCodeOrBatchMax),
  name: z.string().trim().min(1).max(MATERIAL_LIMITS.nameMax),
  nameEn: optionalText(MATERIAL_LIMITS.nameMax),
  tracingObject: z.boolean().optional().default(false),
  weight: zOptionalWeight,
  unit: optionalText(MATERIAL_LIMITS.unitMax),
  description: optionalText(MATERIAL_LIMITS.descriptionMax),
  batchNo: optionalText(LIMITS.productCodeOrBatchMax),
  /** Purchased: the purchase receipt's number; homemade: the production completion stock-in's. */
  receiptNo: optionalText(MATERIAL_LIMITS.receiptNoMax),
  /** Its time, epoch milliseconds. */
  receiptTime: z.number().int().min(0).max(MAX_TIME_MS).nullable().optional(),
};

/** Purchased materials also carry the supplier's code of the material. */
export const ZPurchasedMaterialCreate = z.object({
  ...materialFields,
  supplierMaterialCode: optionalText(LIMITS.productCodeOrBatchMax),
});
export const ZHomemadeMaterialCreate = z.object(materialFields);

const ZId = z.object({ id: z.number().int() });
export const ZPurchasedMaterialUpdate = ZPurchasedMaterialCreate.extend(ZId.shape);
export const ZHomemadeMaterialUpdate = ZHomemadeMaterialCreate.extend(ZId.shape);

/** A create request as the server receives it, either nature (supplierMaterialCode absent for homemade). */
export type TMaterialCreate = z.output<typeof ZHomemadeMaterialCreate> & { supplierMaterialCode?: string };
/** A create request as a client sends it, either nature. */
export type TMaterialCreateInput = z.input<typeof ZPurchasedMaterialCreate>;
export type TMaterialUpdate = TMaterialCreate & { id: number };
export type TMaterialUpdateInput = TMaterialCreateInput & { id: number };

/**
 * The create and update requests of a nature (homemade products have no supplier material code), typed
 * alike for both natures so that one declaration serves both pages.
 */
export function materialSchemas(nature: TMaterialNature): {
  create: z.ZodType<TMaterialCreate, TMaterialCreateInput>;
  update: z.ZodType<TMaterialUpdate, TMaterialUpdateInput>;
} {
  return nature === 'purchased'
    ? { create: ZPurchasedMaterialCreate, update: ZPurchasedMaterialUpdate }
    : { create: ZHomemadeMaterialCreate, update: ZHomemadeMaterialUpdate };
}

/** The quality inspection report of a material (bizType 'quality') with its upload's evidence. */
export const ZMaterialQuality = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  /** SHA-256 of the content, lowercase hex. */
  fileHash: z.string(),
  chain: ZChainDetail.nullable(),
});
export type TMaterialQuality = z.infer<typeof ZMaterialQuality>;

export const ZMaterial = z.object({
  id: z.number().int(),
  nature: ZMaterialNature,
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  tracingObject: z.boolean(),
  /** kg as exact decimal text ('12.5'), null without a weight. */
  weight: z.string().nullable(),
  unit: z.string(),
  description: z.string(),
  /** '' for homemade products. */
  supplierMaterialCode: z.string(),
  batchNo: z.string(),
  receiptNo: z.string(),
  receiptTime: z.number().int().nullable(),
  quality: ZMaterialQuality.nullable(),
  ...recordStamps,
});
export type TMaterial = z.infer<typeof ZMaterial>;

/** One material as pickers elsewhere show it. */
export const ZMaterialOption = ZMaterial.pick({
  id: true,
  nature: true,
  code: true,
  name: true,
  nameEn: true,
  batchNo: true,
  tracingObject: true,
});
export type TMaterialOption = z.infer<typeof ZMaterialOption>;

/** A yes/no filter as JSON booleans or the texts a URL carries ('true', 'false'). */
const zYesNo = z.union([z.boolean(), z.stringbool()]);

/** Search fields of a material list (and of its export). */
export const ZMaterialFilters = {
  code: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  /** Contained in the Chinese or the English name. */
  name: z.string().trim().max(MATERIAL_LIMITS.nameMax).optional(),
  batchNo: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  supplierMaterialCode: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  receiptNo: z.string().trim().max(MATERIAL_LIMITS.receiptNoMax).optional(),
  tracingObject: zYesNo.optional(),
  receiptFrom: z.coerce.number().int().optional(),
  receiptTo: z.coerce.number().int().optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

export const ZMaterialOptionsRequest = z.object({
  /** Contained in the code, the Chinese or the English name. */
  keyword: z.string().trim().max(MATERIAL_LIMITS.nameMax).optional(),
  /** These materials whatever the keyword (a picker's current values). */
  ids: z.array(z.number().int()).max(LIMITS.bulkImportAdvisedRows).optional(),
  limit: z.number().int().min(1).max(MATERIAL_LIMITS.optionsMax).default(MATERIAL_LIMITS.optionsDefault),
});

/** The endpoints of one nature's page, under its base path and permission codes. */
function materialEndpointsOf(nature: TMaterialNature) {
  const { code, base, kind } = MATERIAL_PAGES[nature];
  const { create, update } = materialSchemas(nature);
  const tag = 'material';
  const noun = nature === 'purchased' ? 'purchased materials' : 'homemade semi-finished products';
  return {
    ...recordEndpoints({
      base,
      code,
      tag,
      filters: ZMaterialFilters,
      item: ZMaterial,
      create,
      update,
      summaries: {
        page: `The enterprise's ${noun} with their evidence; sortField code, name, batchNo, weight, receiptTime, createdAt (default, newest first) or updatedAt`,
        detail: `One of the ${noun}`,
        add: `Create one of the ${noun} (code and batch number unique per nature; B2050 when it exists); recorded as evidence`,
        update: `Change one of the ${noun} (the quality report stays); recorded as evidence`,
        delete: `Delete one of the ${noun}; refused (B2040) while products or code mappings reference it; recorded as evidence`,
        batchDelete: `Delete several ${noun} at once, all or none: refused (B2040) when any is referenced, E1003 when any is unknown`,
      },
    }),
    attachQuality: endpoint({
      method: 'POST',
      path: `${base}/attachQuality`,
      input: z.object({ id: z.number().int(), fileKey: z.string().trim().min(1).max(100) }),
      output: ZMaterial,
      auth: 'enterprise',
      permission: `${code}:UploadAffix`,
      tag,
      summary: `Attach (or replace) the quality inspection report: a file the enterprise uploaded with bizType 'quality' (doc, docx, xls, xlsx, pdf); its key, name and SHA-256 are kept on the row; recorded as evidence`,
    }),
    options: endpoint({
      method: 'POST',
      path: `${base}/options`,
      input: ZMaterialOptionsRequest,
      output: z.array(ZMaterialOption),
      auth: 'enterprise',
      permission: [code, ...MATERIAL_PICKER_PAGES],
      tag,
      summary: `The ${noun} for pickers (by code first): searched by code or name, plus the given ids; for this page and the pages that pick materials (${MATERIAL_PICKER_PAGES.join(', ')})`,
    }),
    ...importExportEndpoints({ kind, base, code, filters: ZMaterialFilters, tag, noun }),
  };
}

export const materialDataEndpoints = materialEndpointsOf('purchased');
export const materialDataInEndpoints = materialEndpointsOf('homemade');

/** The endpoints of a nature's page. */
export const materialEndpoints = {
  purchased: materialDataEndpoints,
  homemade: materialDataInEndpoints,
} as const;
export type TMaterialEndpoints = typeof materialDataEndpoints;
