import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import type { TBilingual } from './i18n/lang.ts';
import type { TImportKind } from './imports.ts';
import { ZChainDetail } from './ledger.ts';
import { LIMITS } from './limits.ts';
import {
  createdAtField,
  defineRecord,
  longTextField,
  optionalTextField,
  recordEndpointsOf,
  recordImportExportOf,
  requiredTextField,
  type TRecordDeclaration,
  type TRecordField,
} from './record-catalogue.ts';
import { zWeight } from './validators/numbers.ts';

/*
 * Materials (spec 2.2 /basicData/materialData and /basicData/materialDataIn, 3 "Material"): purchased
 * materials and homemade semi-finished products share one table and one field table; each nature is its
 * own declaration (its words, its page code and its endpoints), and the nature is fixed by the endpoint,
 * never sent.
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

/** Weight in kg (spec 5: >= 0, 9 integer digits, 4 decimals); blank or null is no weight. */
const zOptionalWeight = z.preprocess(
  (v) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v),
  zWeight.nullable().optional(),
);

/** The latest instant a timestamp column and a Date both hold: 9999-12-31T23:59:59.999Z. */
const MAX_TIME_MS = 253_402_300_799_999;

/** The quality inspection report of a material (bizType 'quality') with its upload's evidence. */
export const ZMaterialQuality = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  /** SHA-256 of the content, lowercase hex. */
  fileHash: z.string(),
  chain: ZChainDetail.nullable(),
});
export type TMaterialQuality = z.infer<typeof ZMaterialQuality>;

/** Words that differ by nature: a homemade product is stocked in by production completion. */
const WORDS: Record<
  TMaterialNature,
  Record<'title' | 'noun' | 'code' | 'name' | 'receiptNo' | 'receiptTime', TBilingual>
> = {
  purchased: {
    title: { zh: '外购物料', en: 'Purchased materials' },
    noun: { zh: '物料', en: 'material' },
    code: { zh: '物料编号', en: 'Material code' },
    name: { zh: '物料名称', en: 'Material name' },
    receiptNo: { zh: '采购入库单号', en: 'Receipt number' },
    receiptTime: { zh: '采购入库时间', en: 'Receipt time' },
  },
  homemade: {
    title: { zh: '自制半成品', en: 'Homemade semi-finished products' },
    noun: { zh: '自制半成品', en: 'semi-finished product' },
    code: { zh: '半成品编号', en: 'Product code' },
    name: { zh: '半成品名称', en: 'Product name' },
    receiptNo: { zh: '完工入库单号', en: 'Stock-in number' },
    receiptTime: { zh: '完工入库时间', en: 'Stock-in time' },
  },
};

const EXAMPLES = {
  purchased: {
    code: 'M-100234',
    name: { zh: '锂电池电芯', en: 'Lithium battery cell' },
    nameEn: 'Lithium battery cell',
    receiptNo: 'RK-20260115-01',
  },
  homemade: {
    code: 'S-200871',
    name: { zh: '电池模组', en: 'Battery module' },
    nameEn: 'Battery module',
    receiptNo: 'WG-20260115-01',
  },
} as const;

const SUPPLIER_MATERIAL_CODE = { zh: '供应商物料编码', en: 'Supplier material code' } as const;

/**
 * The supplier's code of the material: written, shown and imported on the purchased page; a homemade
 * product answers it blank ('') and the homemade list still takes its filter.
 */
const supplierMaterialCode = {
  purchased: {
    label: SUPPLIER_MATERIAL_CODE,
    ...optionalTextField(LIMITS.productCodeOrBatchMax),
    list: { width: 160 },
    search: 'contains',
    import: { example: 'SUP-778' },
  },
  homemade: {
    label: SUPPLIER_MATERIAL_CODE,
    kind: 'text',
    item: z.string(),
    max: LIMITS.productCodeOrBatchMax,
    search: 'contains',
    searchIn: 'none',
    detail: false,
    evidence: true,
  },
} as const satisfies Record<TMaterialNature, TRecordField>;

/** The declaration of one nature's page; the field table is the same for both but for the supplier code. */
function materialRecordOf<const S extends TRecordField>(nature: TMaterialNature, supplierCode: S) {
  const { code, base, kind } = MATERIAL_PAGES[nature];
  const w = WORDS[nature];
  const example = EXAMPLES[nature];
  const noun = w.title.en.toLowerCase();
  return defineRecord({
    name: kind,
    code,
    base,
    tag: 'material',
    title: w.title,
    noun: w.noun,
    fields: {
      nature: {
        label: { zh: '物料类型', en: 'Nature' },
        kind: 'enum',
        item: ZMaterialNature,
        detail: false,
        evidence: true,
      },
      code: {
        label: w.code,
        ...requiredTextField(LIMITS.productCodeOrBatchMax),
        list: { width: 160 },
        search: 'contains',
        basic: true,
        sort: true,
        import: { example: example.code },
      },
      name: {
        label: w.name,
        ...requiredTextField(MATERIAL_LIMITS.nameMax),
        list: { width: 180 },
        search: 'contains',
        searchAlso: ['nameEn'],
        basic: true,
        sort: true,
        import: { example: example.name },
      },
      nameEn: {
        label: { zh: '英文名称', en: 'English name' },
        ...optionalTextField(MATERIAL_LIMITS.nameMax),
        export: true,
        import: { example: example.nameEn },
      },
      batchNo: {
        label: { zh: '批次号', en: 'Batch number' },
        ...optionalTextField(LIMITS.productCodeOrBatchMax),
        list: { width: 140 },
        search: 'contains',
        basic: true,
        sort: true,
        import: { example: 'B20260115' },
      },
      tracingObject: {
        label: { zh: '是否溯源对象', en: 'Tracing object' },
        kind: 'boolean',
        schema: z.boolean().optional().default(false),
        item: z.boolean(),
        list: { width: 120 },
        search: 'equals',
        import: { example: { zh: '是', en: 'yes' } },
      },
      /** kg as exact decimal text ('12.5'), null without a weight. */
      weight: {
        label: { zh: '重量（kg）', en: 'Weight (kg)' },
        kind: 'decimal',
        schema: zOptionalWeight,
        item: z.string().nullable(),
        list: { width: 130 },
        sort: true,
        import: { example: '12.5' },
      },
      unit: {
        label: { zh: '单位', en: 'Unit' },
        ...optionalTextField(MATERIAL_LIMITS.unitMax),
        list: { width: 88 },
        import: { example: { zh: '件', en: 'pcs' } },
      },
      supplierMaterialCode: supplierCode,
      /** Purchased: the purchase receipt's number; homemade: the production completion stock-in's. */
      receiptNo: {
        label: w.receiptNo,
        ...optionalTextField(MATERIAL_LIMITS.receiptNoMax),
        list: { width: 160 },
        search: 'contains',
        import: { example: example.receiptNo },
      },
      /** Its time, epoch milliseconds. */
      receiptTime: {
        label: w.receiptTime,
        kind: 'datetime',
        schema: z.number().int().min(0).max(MAX_TIME_MS).nullable().optional(),
        item: z.number().int().nullable(),
        list: { width: 180 },
        search: 'range',
        sort: true,
        import: { example: '2026-01-15 10:30:00' },
      },
      description: {
        label: { zh: '描述', en: 'Description' },
        ...longTextField(MATERIAL_LIMITS.descriptionMax),
      },
      /** The quality inspection report, attached on its own (attachQuality). */
      quality: {
        label: { zh: '质检报告', en: 'Quality inspection report' },
        kind: 'file',
        item: ZMaterialQuality.nullable(),
        list: { width: 260 },
        detail: 'wide',
      },
      createdAt: createdAtField,
      updatedAt: { label: { zh: '更新时间', en: 'Updated' }, kind: 'datetime', detail: false },
    },
    naturalKey: { fields: ['code', 'batchNo'], exists: 'MATERIAL_EXISTS' },
    listOrder: [
      'code',
      'name',
      'batchNo',
      'tracingObject',
      'weight',
      'unit',
      'quality',
      ...(supplierCode.list ? (['supplierMaterialCode'] as const) : []),
      'receiptNo',
      'receiptTime',
      'createdAt',
    ],
    importExport: true,
    attachments: true,
    summaries: {
      page: `The enterprise's ${noun} with their evidence; sortField code, name, batchNo, weight, receiptTime, createdAt (default, newest first) or updatedAt`,
      detail: `One of the ${noun}`,
      add: `Create one of the ${noun} (code and batch number unique per nature; B2050 when it exists); recorded as evidence`,
      update: `Change one of the ${noun} (the quality report stays); recorded as evidence`,
      delete: `Delete one of the ${noun}; refused (B2040) while products or code mappings reference it; recorded as evidence`,
      batchDelete: `Delete several ${noun} at once, all or none: refused (B2040) when any is referenced, E1003 when any is unknown`,
    },
  });
}

export const purchasedMaterialRecord = materialRecordOf('purchased', supplierMaterialCode.purchased);
export const homemadeMaterialRecord = materialRecordOf('homemade', supplierMaterialCode.homemade);

/** Each nature's declaration. */
export const materialRecords = {
  purchased: purchasedMaterialRecord,
  homemade: homemadeMaterialRecord,
} as const;

export const ZPurchasedMaterialCreate = purchasedMaterialRecord.create;
/** A create request as a client sends it, either nature (homemade products take no supplier code). */
export type TMaterialCreateInput = z.input<typeof ZPurchasedMaterialCreate>;

/** A material as both natures' lists and details answer it. */
export const ZMaterial = purchasedMaterialRecord.item;
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

export const ZMaterialOptionsRequest = z.object({
  /** Contained in the code, the Chinese or the English name. */
  keyword: z.string().trim().max(MATERIAL_LIMITS.nameMax).optional(),
  /** These materials whatever the keyword (a picker's current values). */
  ids: z.array(z.number().int()).max(LIMITS.bulkImportAdvisedRows).optional(),
  limit: z.number().int().min(1).max(MATERIAL_LIMITS.optionsMax).default(MATERIAL_LIMITS.optionsDefault),
});

/** The endpoints of one nature's page, under its base path and permission codes. */
function materialEndpointsOf<F extends Record<string, TRecordField>>(record: TRecordDeclaration<F>) {
  const { code, base } = record;
  const noun = record.title.en.toLowerCase();
  return {
    ...recordEndpointsOf(record),
    attachQuality: endpoint({
      method: 'POST',
      path: `${base}/attachQuality`,
      input: z.object({ id: z.number().int(), fileKey: z.string().trim().min(1).max(100) }),
      output: ZMaterial,
      auth: 'enterprise',
      permission: `${code}:UploadAffix`,
      tag: record.tag,
      summary: `Attach (or replace) the quality inspection report: a file the enterprise uploaded with bizType 'quality' (doc, docx, xls, xlsx, pdf); its key, name and SHA-256 are kept on the row; recorded as evidence`,
    }),
    options: endpoint({
      method: 'POST',
      path: `${base}/options`,
      input: ZMaterialOptionsRequest,
      output: z.array(ZMaterialOption),
      auth: 'enterprise',
      permission: [code, ...MATERIAL_PICKER_PAGES],
      tag: record.tag,
      summary: `The ${noun} for pickers (by code first): searched by code or name, plus the given ids; for this page and the pages that pick materials (${MATERIAL_PICKER_PAGES.join(', ')})`,
    }),
    ...recordImportExportOf(record),
  };
}

export const materialDataEndpoints = materialEndpointsOf(purchasedMaterialRecord);
export const materialDataInEndpoints = materialEndpointsOf(homemadeMaterialRecord);

/** The endpoints of a nature's page. */
export const materialEndpoints = {
  purchased: materialDataEndpoints,
  homemade: materialDataInEndpoints,
} as const;
export type TMaterialEndpoints = typeof materialDataEndpoints;
