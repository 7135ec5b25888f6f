import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { listRequest, ZListResponse } from './list.ts';

/*
 * Traceability across companies (spec 1, 2.2 /dataManagement, 9 "Traceability levels: up to five"): the
 * project data drill-down (projects -> their products and VINs -> the material lots in one -> the suppliers
 * of a lot, tier by tier down to the mine) and the two traces it rests on: from a VIN (or lot) down to the
 * lots it was made of, and from a lot up to every VIN it went into. The rules that link documents live in
 * the server's trace module. What a trace says about other enterprises is deliberately narrow: their
 * identity (names, USCI, DID) and, per link, document type, number and time, item code and lot; never
 * prices, amounts, quantities, partners' contacts or notes.
 */

/** The page code of /dataManagement: every endpoint here, the traces included, needs it. */
export const DATA_MANAGEMENT_CODE = 'DataManagement';

/** Bounds of one trace, so that a cycle or a huge fan-out cannot run away. */
export const TRACE_LIMITS = {
  /** Enterprise tiers beyond the start (spec 9: up to five traceability levels). */
  maxTiers: LIMITS.traceabilityLevels,
  /**
   * Steps of the walk: one per link (a production step inside an enterprise or a delivery between two).
   * A vehicle -> tier-1 -> tier-2 -> mine chain takes about seven; twelve leaves room for several
   * production stages per enterprise within the five tiers.
   */
  maxHops: 12,
  /** Lots and VINs of one trace. */
  maxNodes: 10_000,
} as const;

const zCode = z.string().trim().min(1).max(LIMITS.productCodeOrBatchMax);
const zOptionalCode = z.string().trim().max(LIMITS.productCodeOrBatchMax).optional().default('');

/** A document as a trace shows it: its type code (document-types.ts typeCode), number and business time. */
export const ZTraceDocument = z.object({
  typeCode: z.number().int(),
  billNo: z.string(),
  bizTime: z.number().int(),
});
export type TTraceDocument = z.infer<typeof ZTraceDocument>;

/** An enterprise of a trace: only its identity. */
export const ZTraceEnterprise = z.object({
  name: z.string(),
  nameEn: z.string(),
  usci: z.string(),
  did: z.string().nullable(),
  /** The caller's own enterprise. */
  own: z.boolean(),
});
export type TTraceEnterprise = z.infer<typeof ZTraceEnterprise>;

/** A mine or smelter a lot comes from (the D1-2, E1, E2 tables). */
export const ZTraceSite = z.object({ siteName: z.string(), siteCountry: z.string() });

/** A lot (item code + batch number) or a VIN/SN in one enterprise. */
export const ZTraceNode = z.object({
  id: z.string(),
  /** Index into the trace's enterprises. */
  enterprise: z.number().int(),
  /** 0: the caller's enterprise; n: n deliveries away from it. */
  tier: z.number().int(),
  /** Empty for a VIN/SN known only by its number (a vehicle of fitted parts). */
  itemCode: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  sites: z.array(ZTraceSite),
});
export type TTraceNode = z.infer<typeof ZTraceNode>;

/**
 * How two nodes are linked, always from the node nearer the start to the farther one:
 * - consumed: a completion consumed the lot of a picking it names (documents: completion and picking in
 *   walking order);
 * - fitted: a part lot fitted into a vehicle (the B1-1 / C1-1 row);
 * - supplied: a client's receipt (or fit row) of a lot matches its supplier's delivery (both documents).
 */
export const TRACE_LINK_KINDS = ['consumed', 'fitted', 'supplied'] as const;
export const ZTraceLink = z.object({
  from: z.string(),
  to: z.string(),
  kind: z.enum(TRACE_LINK_KINDS),
  documents: z.array(ZTraceDocument),
});
export type TTraceLink = z.infer<typeof ZTraceLink>;

/**
 * Where a walk down stops short of the origin: the lot was received from a supplier that is not on the
 * platform (unsettled), or from a settled one whose matching delivery is not recorded (unmatched).
 */
export const ZTraceGap = z.object({
  from: z.string(),
  kind: z.enum(['unsettled', 'unmatched']),
  /** The receipt (or fit row) naming the supplier. */
  document: ZTraceDocument,
  /** The settled supplier (index into enterprises), null when unsettled. */
  supplier: z.number().int().nullable(),
  /** The supplier partner's name, only when the receipt is the caller's own (its own partner list). */
  partnerName: z.string(),
  partnerNameEn: z.string(),
});
export type TTraceGap = z.infer<typeof ZTraceGap>;

export const ZTrace = z.object({
  direction: z.enum(['down', 'up']),
  root: z.string(),
  enterprises: z.array(ZTraceEnterprise),
  nodes: z.array(ZTraceNode),
  links: z.array(ZTraceLink),
  gaps: z.array(ZTraceGap),
  /**
   * Down: the origin lots (nothing received for them: a mine's lots, or what an enterprise made from
   * nothing it bought). Up: every VIN/SN the start ended up in (the end products).
   */
  ends: z.array(z.string()),
  /** The deepest enterprise tier reached. */
  levels: z.number().int(),
  /** A bound of TRACE_LIMITS stopped the walk before it ended. */
  truncated: z.boolean(),
});
export type TTrace = z.infer<typeof ZTrace>;

export const ZTraceVinRequest = z.object({ vinSn: zCode });
export const ZTraceLotRequest = z.object({ itemCode: zCode, batchNo: zCode });

/** (1) Project data: the enterprise's project codes with how many products and VINs/SNs each has. */
export const ZProjectData = z.object({
  id: z.number().int(),
  code: z.string(),
  notes: z.string(),
  productCount: z.number().int(),
  vinCount: z.number().int(),
  createdAt: z.number().int(),
});
export type TProjectData = z.infer<typeof ZProjectData>;
export const ZProjectDataFilters = { code: z.string().trim().max(LIMITS.projectNumberMax).optional() };

/**
 * (2) Product data of a project: its products (code, name, batch, VIN/SN) and the VINs/SNs its documents
 * record for those product codes (completions by VIN, vehicle sales) that are not products themselves.
 */
export const ZProductData = z.object({
  key: z.string(),
  /** The product's id; null for a VIN/SN found only in documents. */
  productId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  source: z.enum(['product', 'document']),
});
export type TProductData = z.infer<typeof ZProductData>;
export const ZProductDataFilters = {
  projectCodeId: z.coerce.number().int(),
  code: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  vinSn: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
};

/** A supplier partner of the caller's, as its own partner list has it. */
export const ZMaterialSupplier = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** On the platform: its deliveries can be matched (see the related suppliers page). */
  settled: z.boolean(),
});

/** (3) The material lots in a product lot or VIN/SN: picked for its completion, or fitted into it. */
export const ZMaterialData = z.object({
  key: z.string(),
  link: z.enum(['consumed', 'fitted']),
  itemCode: z.string(),
  itemName: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  quantity: z.string().nullable(),
  unit: z.string(),
  /** The picking or fit row. */
  typeCode: z.number().int(),
  billNo: z.string(),
  bizTime: z.number().int(),
  /** Its suppliers: the fit row's partner, or the partners of the lot's receipts. */
  suppliers: z.array(ZMaterialSupplier),
});
export type TMaterialData = z.infer<typeof ZMaterialData>;
/** A product lot (code and batch) or a VIN/SN (then code and batch may be blank). */
export const ZMaterialDataFilters = {
  itemCode: zOptionalCode,
  batchNo: zOptionalCode,
  vinSn: zOptionalCode,
};

/**
 * (4) The related suppliers of a material lot: one row per tier link of its trace down, from the caller's
 * receipt to the supplier's matching delivery, and on to the supplier's own suppliers until the mine.
 */
export const ZSupplierTier = z.object({
  key: z.string(),
  /** 1: the caller's direct supplier. */
  tier: z.number().int(),
  clientName: z.string(),
  clientNameEn: z.string(),
  /** The client's receipt (or fit row). */
  receipt: ZTraceDocument,
  settled: z.boolean(),
  /** The supplier's identity (for an unsettled supplier of the caller's own: its partner name). */
  supplierName: z.string(),
  supplierNameEn: z.string(),
  supplierUsci: z.string(),
  supplierDid: z.string().nullable(),
  /** The supplier's matching delivery; null when it is not recorded (or the supplier is not settled). */
  delivery: ZTraceDocument.nullable(),
  /** The lot as the supplier names it. */
  itemCode: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  /** The lot was received by nobody upstream: a mine's (or origin) lot. */
  origin: z.boolean(),
});
export type TSupplierTier = z.infer<typeof ZSupplierTier>;
export const ZSupplierTierFilters = { itemCode: zCode, batchNo: zCode };

const tag = 'dataManagement';
const permission = DATA_MANAGEMENT_CODE;

export const traceEndpoints = {
  projectPage: endpoint({
    method: 'POST',
    path: '/dataManagement/projectPage',
    input: listRequest(ZProjectDataFilters),
    output: ZListResponse(ZProjectData),
    reads: true,
    auth: 'enterprise',
    permission,
    tag,
    summary:
      "Project data: the enterprise's project codes (code contains) with their product and VIN/SN counts; sortField code, createdAt (default, newest first)",
  }),
  productPage: endpoint({
    method: 'POST',
    path: '/dataManagement/productPage',
    input: listRequest(ZProductDataFilters),
    output: ZListResponse(ZProductData),
    reads: true,
    auth: 'enterprise',
    permission,
    tag,
    summary:
      "Product data of a project: its products and the VINs/SNs the enterprise's documents record for their codes; by code, then batch and VIN/SN",
  }),
  materialPage: endpoint({
    method: 'POST',
    path: '/dataManagement/materialPage',
    input: listRequest(ZMaterialDataFilters),
    output: ZListResponse(ZMaterialData),
    reads: true,
    auth: 'enterprise',
    permission,
    tag,
    summary:
      'The material lots in a product lot or VIN/SN of the enterprise: picked for its completion or fitted into it, with their supplier partners',
  }),
  supplierPage: endpoint({
    method: 'POST',
    path: '/dataManagement/supplierPage',
    input: listRequest(ZSupplierTierFilters),
    output: ZListResponse(ZSupplierTier),
    reads: true,
    auth: 'enterprise',
    permission,
    tag,
    summary:
      "The related suppliers of one of the enterprise's lots, tier by tier down to the mine: each receipt and the supplier's matching delivery (E1003 when the lot is not the enterprise's)",
  }),
  traceVin: endpoint({
    method: 'POST',
    path: '/trace/vin',
    input: ZTraceVinRequest,
    output: ZTrace,
    auth: 'enterprise',
    permission,
    tag,
    summary:
      "Trace one of the enterprise's VINs/SNs down to the mine: what it was made of and fitted with, across suppliers (E1003 when the VIN/SN is not the enterprise's)",
  }),
  traceLot: endpoint({
    method: 'POST',
    path: '/trace/lot',
    input: ZTraceLotRequest,
    output: ZTrace,
    auth: 'enterprise',
    permission,
    tag,
    summary:
      "Trace one of the enterprise's lots up to every VIN/SN it went into, across clients (E1003 when the lot is not the enterprise's)",
  }),
};
