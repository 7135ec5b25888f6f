import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { TRAJECTORY_CODE } from './map.ts';
import { importExportEndpoints } from './imports.ts';
import { recordStamps, ZChainDetail } from './ledger.ts';
import { LIMITS } from './limits.ts';
import { listRequest, ZListResponse } from './list.ts';
import { ZMaterialNature } from './material.ts';
import { zWeight } from './validators/numbers.ts';
import { isValidVin, isVinFormat } from './validators/vin.ts';

/*
 * Products (spec 2.2 /basicData/product and product/detail/:id, 2.3, 3 "Product", 7 "Graph and product"):
 * identity, project code, the materials traced into them and, in carbon.ts, their carbon footprints.
 * A product is one code + batch number + VIN/SN in its enterprise.
 */

/** Text limits the spec leaves open: names like the spec's other names, the specification like comments. */
export const PRODUCT_LIMITS = {
  nameMax: 100,
  specMax: LIMITS.commentMax,
  unitMax: 20,
  /** Tracing materials of one product. */
  materialsMax: 200,
  /** Material codes of an imported row, comma-separated. */
  materialCodesMax: 2_000,
  /** Options a picker receives at most per search. */
  optionsMax: 100,
  optionsDefault: 20,
} as const;

/** The menu code of the product pages: list `Product`, actions `CreateProduct` ... (menu-tree.ts). */
export const PRODUCT_CODE = 'Product';
/**
 * The product actions of spec 6 (CreateProduct, EditProduct, DeleteProduct) beside the generic
 * `Product:<Action>` codes the list machinery gives every page; either code of a pair allows the action.
 */
export const PRODUCT_PERMISSIONS = {
  create: ['CreateProduct', 'Product:Create'],
  edit: ['EditProduct', 'Product:Edit'],
  delete: ['DeleteProduct', 'Product:Delete'],
  batchDelete: 'Product:BatchDelete',
  viewCarbon: 'ViewCarbonData',
} as const;

// A VIN is 17 letters and digits (ISO 3779); anything else in the VIN/SN field is a serial number.
const VIN_LIKE = /^[A-Za-z0-9]{17}$/;

/** Whether a VIN/SN value is taken for a VIN: exactly 17 letters and digits. */
export const looksLikeVin = (s: string): boolean => VIN_LIKE.test(s);

/**
 * VIN or SN (spec 3 "VIN/SN", 9: at most 50). A value of exactly 17 letters and digits is a VIN: it is
 * upper-cased and checked with the VIN validator (charset without I, O, Q; the check digit where the
 * region mandates it). Any other value is a serial number, free text of at most 50 characters kept as
 * typed. Blank is neither.
 */
export const zVinSn = z
  .string()
  .trim()
  .max(LIMITS.productCodeOrBatchMax)
  .refine((s) => !looksLikeVin(s) || isVinFormat(s.toUpperCase()), { error: 'v.vin.format', abort: true })
  .refine((s) => !looksLikeVin(s) || isValidVin(s.toUpperCase()), { error: 'v.vin.checksum' })
  .transform((s) => (looksLikeVin(s) ? s.toUpperCase() : s));

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** Weight in kg (spec 5: >= 0, 9 integer digits, 4 decimals); blank or null is no weight. */
const zOptionalWeight = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  zWeight.optional(),
);

/** The identity of a product: the create call's fields and every imported row's. */
const productFields = {
  name: z.string().trim().min(1).max(PRODUCT_LIMITS.nameMax),
  nameEn: optionalText(PRODUCT_LIMITS.nameMax),
  code: z.string().trim().min(1).max(LIMITS.productCodeOrBatchMax),
  batchNo: optionalText(LIMITS.productCodeOrBatchMax),
  vinSn: zVinSn.optional().default(''),
  /** Description / specification. */
  spec: optionalText(PRODUCT_LIMITS.specMax),
  unit: optionalText(PRODUCT_LIMITS.unitMax),
  weight: zOptionalWeight,
};

export const ZProductCreate = z.object({
  ...productFields,
  /** One of the enterprise's project codes (getProjectNo); none when absent or null. */
  projectCodeId: z.number().int().nullable().optional(),
  /** The enterprise's materials traced into the product (materialOptions); repeats count once. */
  materialIds: z
    .array(z.number().int())
    .max(PRODUCT_LIMITS.materialsMax)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type TProductCreate = z.output<typeof ZProductCreate>;

/** An update replaces every field (absent optional ones are cleared). */
export const ZProductUpdate = ZProductCreate.extend({ id: z.number().int() });

/**
 * An imported row: the project code by its code and the tracing materials by their material codes,
 * comma-separated; both must exist in the enterprise (checked against the stored data, see the importer).
 */
export const ZProductImportRow = z.object({
  ...productFields,
  projectNo: optionalText(LIMITS.projectNumberMax),
  materialCodes: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.materialCodesMax)
    .optional()
    .default('')
    .transform((text) => [
      ...new Set(
        text
          .split(/[,，;；\n]/)
          .map((c) => c.trim())
          .filter(Boolean),
      ),
    ])
    .refine((codes) => codes.length <= PRODUCT_LIMITS.materialsMax, {
      error: 'v.product.tooManyMaterials',
    }),
});
export type TProductImportRow = z.output<typeof ZProductImportRow>;

/** A tracing material as a product shows it (and as the material picker offers it). */
export const ZProductMaterial = z.object({
  id: z.number().int(),
  nature: ZMaterialNature,
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  batchNo: z.string(),
});
export type TProductMaterial = z.infer<typeof ZProductMaterial>;

/** One carbon footprint upload of a product (spec 3 "Carbon footprint"). */
export const ZCarbonFootprint = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  baseYear: z.number().int(),
  /** kgCO2e as exact decimal text ('1234.5'). */
  calculationResults: z.string(),
  /** The LCA report: its name, key (/file/view) and SHA-256. */
  lcaFileName: z.string(),
  fileKey: z.string(),
  lcaFileHash: z.string(),
  authenticationOrganization: z.string(),
  /** Who uploaded it, and when (epoch milliseconds). */
  operator: z.string(),
  createdAt: z.number().int(),
  /** The evidence of the upload. */
  chain: ZChainDetail.nullable(),
});
export type TCarbonFootprint = z.infer<typeof ZCarbonFootprint>;

export const ZProduct = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  nameEn: z.string(),
  code: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  spec: z.string(),
  unit: z.string(),
  /** kg as exact decimal text ('12.5'), null without a weight. */
  weight: z.string().nullable(),
  projectCodeId: z.number().int().nullable(),
  /** The project code's code; null without one. */
  projectNo: z.string().nullable(),
  /** The product's DID: the enterprise's DID with the path /products/<uuid>; null before certification. */
  did: z.string().nullable(),
  materials: z.array(ZProductMaterial),
  /** The current (newest) carbon footprint; null without one. */
  carbon: ZCarbonFootprint.nullable(),
  ...recordStamps,
});
export type TProduct = z.infer<typeof ZProduct>;

/** One product as pickers show it (/graph/getProductList). */
export const ZProductOption = ZProduct.pick({
  id: true,
  uuid: true,
  code: true,
  name: true,
  nameEn: true,
  batchNo: true,
  vinSn: true,
});
export type TProductOption = z.infer<typeof ZProductOption>;

/** A row id in a filter: a serial column holds 1 to 2,147,483,647. */
export const zRowId = z.coerce.number().int().min(1).max(2_147_483_647);

/** Search fields of the product list (and of its export). */
export const ZProductFilters = {
  /** Contained in the code, the name (Chinese or English), the batch number or the VIN/SN. */
  keyword: z.string().trim().max(PRODUCT_LIMITS.nameMax).optional(),
  code: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  /** Contained in the Chinese or the English name. */
  name: z.string().trim().max(PRODUCT_LIMITS.nameMax).optional(),
  batchNo: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  vinSn: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  projectCodeId: zRowId.optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

/** Spec 3 "Project option": a project code the product form offers. */
export const ZProjectOption = z.object({ id: z.number().int(), projectNo: z.string() });
export type TProjectOption = z.infer<typeof ZProjectOption>;

export const ZMaterialOptionsQuery = z.object({
  /** Contained in the code, the Chinese or the English name. */
  keyword: z.string().trim().max(PRODUCT_LIMITS.nameMax).optional(),
  /** These materials whatever the keyword (the picker's current values). */
  ids: z.array(z.number().int()).max(PRODUCT_LIMITS.materialsMax).optional(),
  limit: z.number().int().min(1).max(PRODUCT_LIMITS.optionsMax).default(PRODUCT_LIMITS.optionsDefault),
});

const ZId = z.object({ id: z.number().int() });
const TAG = 'product';

/**
 * A shipment of one of the enterprise's products, with both places (spec 3 "Logistics"): what
 * /product/echoAddress answers for the product's trajectory map. Coordinates null when not recorded.
 */
export const ZProductShipment = z.object({
  billNo: z.string(),
  deliveryEnterprise: z.string(),
  deliveryEnterpriseEn: z.string(),
  shippingAddress: z.string(),
  checkoutDate: z.number().int().nullable(),
  receiveCompanyName: z.string(),
  receiveCompanyNameEn: z.string(),
  deliveryAddress: z.string(),
  arrivalDate: z.number().int().nullable(),
  carrierEnterpriseNo: z.string(),
  shippingLatitude: z.number().nullable(),
  shippingLongitude: z.number().nullable(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
});
export type TProductShipment = z.infer<typeof ZProductShipment>;

/** A tracing object: a material marked as traced (the product form's and the product network's labels). */
export const ZTraceLabel = z.object({ code: z.string(), name: z.string(), nameEn: z.string() });
export type TTraceLabel = z.infer<typeof ZTraceLabel>;

/** Shipments a product's trajectory map shows at most (the newest). */
export const PRODUCT_SHIPMENTS_MAX = 100;
const anyProductPage = [PRODUCT_CODE, ...PRODUCT_PERMISSIONS.create, ...PRODUCT_PERMISSIONS.edit];

const productImportExport = importExportEndpoints({
  kind: 'product',
  base: '/product',
  code: PRODUCT_CODE,
  filters: ZProductFilters,
  tag: TAG,
  noun: 'products',
});

export const productEndpoints = {
  selectProductInfo: endpoint({
    method: 'POST',
    path: '/product/selectProductInfo',
    input: listRequest(ZProductFilters),
    output: ZListResponse(ZProduct),
    reads: true,
    auth: 'enterprise',
    permission: PRODUCT_CODE,
    tag: TAG,
    summary:
      "The enterprise's products with their tracing materials, current carbon footprint and evidence; sortField code, name, batchNo, vinSn, weight, createdAt (default, newest first) or updatedAt",
  }),
  getProductDetailById: endpoint({
    method: 'POST',
    path: '/product/getProductDetailById',
    input: ZId,
    output: ZProduct,
    auth: 'enterprise',
    permission: PRODUCT_CODE,
    tag: TAG,
    summary: 'One product (the carbon footprint history: /carbonFootprint/queryCarbonFootprintList)',
  }),
  addProduct: endpoint({
    method: 'POST',
    path: '/product/addProduct',
    input: ZProductCreate,
    output: ZProduct,
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.create,
    tag: TAG,
    summary:
      'Create a product (code + batch number + VIN/SN unique in the enterprise; B2070 when it exists); its DID is the enterprise DID + /products/<uuid>; recorded as evidence',
  }),
  updateProduct: endpoint({
    method: 'POST',
    path: '/product/updateProduct',
    input: ZProductUpdate,
    output: ZProduct,
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.edit,
    tag: TAG,
    summary: 'Change every field of a product (uuid and DID stay); recorded as evidence',
  }),
  deleteProduct: endpoint({
    method: 'POST',
    path: '/product/deleteProduct',
    input: ZId,
    output: z.null(),
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.delete,
    tag: TAG,
    summary:
      'Delete a product with its tracing materials and carbon footprints; refused (B2040) while business data references it; recorded as evidence',
  }),
  batchDeleteProduct: endpoint({
    method: 'POST',
    path: '/product/batchDeleteProduct',
    input: z.object({
      ids: z
        .array(z.number().int())
        .min(1)
        .max(Math.max(...LIMITS.pageSizeOptions)),
    }),
    output: z.object({ deleted: z.number().int() }),
    auth: 'enterprise',
    permission: PRODUCT_PERMISSIONS.batchDelete,
    tag: TAG,
    summary:
      'Delete several products at once, all or none: refused (B2040) when any is referenced, E1003 when any is unknown',
  }),
  getProjectNo: endpoint({
    method: 'POST',
    path: '/product/getProjectNo',
    input: z.object({}),
    output: z.array(ZProjectOption),
    auth: 'enterprise',
    permission: anyProductPage,
    tag: TAG,
    summary: "The enterprise's project codes a product may name (by code)",
  }),
  materialOptions: endpoint({
    method: 'POST',
    path: '/product/materialOptions',
    input: ZMaterialOptionsQuery,
    output: z.array(ZProductMaterial),
    auth: 'enterprise',
    permission: anyProductPage,
    tag: TAG,
    summary:
      "The enterprise's materials of both natures a product may trace (by code first): searched by code or name, plus the given ids",
  }),
  echoAddress: endpoint({
    method: 'POST',
    path: '/product/echoAddress',
    input: ZId,
    output: z.array(ZProductShipment),
    reads: true,
    auth: 'enterprise',
    // The shipments are the logistics page's data: its trajectory action opens them.
    permission: TRAJECTORY_CODE,
    tag: TAG,
    summary:
      "The shipping and delivery places of one of the enterprise's products (its shipments of the product's code and batch or VIN/SN, newest first, at most 100): the product's trajectory map",
  }),
  selectTraceLabelAll: endpoint({
    method: 'POST',
    path: '/product/selectTraceLabelAll',
    input: z.object({}),
    output: z.array(ZTraceLabel),
    reads: true,
    auth: 'enterprise',
    permission: anyProductPage,
    tag: TAG,
    summary: "The enterprise's tracing objects (materials marked as traced), by code",
  }),
  getProductList: endpoint({
    method: 'POST',
    path: '/graph/getProductList',
    input: listRequest({ keyword: ZProductFilters.keyword }),
    output: ZListResponse(ZProductOption),
    reads: true,
    auth: 'enterprise',
    permission: [PRODUCT_CODE, 'VisualProduct'],
    tag: TAG,
    summary:
      "The enterprise's products for pickers (code, name, batch number, VIN/SN), searched by keyword, by code",
  }),
  ...productImportExport,
  /** Spec 7 "GET /product/download": the import template, the same workbook as /product/template. */
  download: endpoint({
    ...productImportExport.template,
    path: '/product/download',
    summary: 'The import template for products (spec name; the same workbook as /product/template)',
  }),
};
