import { z } from 'zod';
import { ZCheckCounts } from './checking.ts';
import { ENTERPRISE_KINDS } from './document-types.ts';
import { endpoint } from './endpoint.ts';
import { SUPPLIER_MAP_CODE } from './map.ts';
import { LIMITS } from './limits.ts';
import { ZTraceLabel } from './product.ts';
import { ZTrace, ZTraceDocument } from './trace.ts';

/*
 * The supply-chain network and the product network (spec 2.2 /visual/chain-d3 and /visual/product, 7 "Graph
 * and product"; issue 18 items 1-2). Both are built from the traced documents (the link rules of the trace,
 * contract trace.ts): the network walks down from what the enterprise received or made and up from what it
 * delivered, and sums the lots by company; the product network is one product's trace down to the mine
 * with where each document's evidence was sealed. What they say about other companies is what a trace says:
 * identity, item codes, lots, document numbers and times; quantities only of the enterprise's own documents.
 */

export const VISUAL_CHAIN_CODE = 'VisualChain';
export const VISUAL_PRODUCT_CODE = 'VisualProduct';

export const GRAPH_LIMITS = {
  /** Tiers up and down from the enterprise (spec 9: up to five traceability levels). */
  maxTiers: LIMITS.traceabilityLevels,
  /** Own lots a network walks from, each way; the newest are taken when there are more (`truncated`). */
  maxStarts: 2_000,
  /** Documents a flow lists (all are counted). */
  flowDocuments: 50,
  /** Item codes a flow lists (all are counted). */
  flowMaterials: 20,
} as const;

const zOptionalCode = (max: number) => z.string().trim().max(max).optional().default('');

/** The filters of the supply-chain network (getEnterpriseProjectCascade, getBizDate). */
export const ZNetworkRequest = z
  .object({
    /** A project code: the network of its products. */
    projectCode: zOptionalCode(LIMITS.projectNumberMax),
    /** A product code: the network of that product (within the project when both are given). */
    productCode: zOptionalCode(LIMITS.productCodeOrBatchMax),
    /** Business time of the enterprise's documents the walk starts from, epoch ms, inclusive. */
    bizDateFrom: z.number().int().nullable().optional().default(null),
    bizDateTo: z.number().int().nullable().optional().default(null),
    /** Tiers shown each way. */
    tiers: z.number().int().min(1).max(GRAPH_LIMITS.maxTiers).optional().default(GRAPH_LIMITS.maxTiers),
  })
  .refine((r) => r.bizDateFrom === null || r.bizDateTo === null || r.bizDateFrom <= r.bizDateTo, {
    error: 'v.date.range',
    path: ['bizDateTo'],
  });
export type TNetworkRequest = z.input<typeof ZNetworkRequest>;

/** Findings of the enterprise's newest troubleshooting run about one company, by level. */
export const ZNetworkFindings = ZCheckCounts.pick({ fatal: true, urgent: true, minor: true });

/**
 * A company of the network. `tier`: 0 the enterprise itself, n > 0 its tier-n suppliers, n < 0 its tier-|n|
 * clients. A supplier that is not on the platform (`settled` false) is known only by the partner name the
 * enterprise gave it, and only when it is the enterprise's own partner; deeper ones stay unnamed.
 */
export const ZNetworkCompany = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  usci: z.string(),
  did: z.string().nullable(),
  kind: z.enum(ENTERPRISE_KINDS).nullable(),
  settled: z.boolean(),
  own: z.boolean(),
  tier: z.number().int(),
  /** Lots of this company the network reached. */
  lots: z.number().int(),
  /** Only for a member who may read the troubleshooting records (CheckLog), and only when there are some. */
  findings: ZNetworkFindings.nullable(),
});
export type TNetworkCompany = z.infer<typeof ZNetworkCompany>;

/** A document of a flow, on the supplier's or the client's side. */
export const ZFlowDocument = ZTraceDocument.extend({ side: z.enum(['supplier', 'client']) });
export type TFlowDocument = z.infer<typeof ZFlowDocument>;

/**
 * Material flowing from a supplier to a client: the lots received, by item code (as the client names them),
 * with the documents of each delivery and receipt. `matched` false: the client's receipt has no matching
 * delivery recorded (a gap). Quantities sum the enterprise's own documents only, per unit.
 */
export const ZNetworkFlow = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  matched: z.boolean(),
  lots: z.number().int(),
  materials: z.array(z.object({ itemCode: z.string(), lots: z.number().int() })),
  materialCount: z.number().int(),
  documents: z.array(ZFlowDocument),
  documentCount: z.number().int(),
  quantities: z.array(z.object({ unit: z.string(), quantity: z.string() })),
  firstTime: z.number().int().nullable(),
  lastTime: z.number().int().nullable(),
});
export type TNetworkFlow = z.infer<typeof ZNetworkFlow>;

export const ZEnterpriseNetwork = z.object({
  companies: z.array(ZNetworkCompany),
  flows: z.array(ZNetworkFlow),
  /** Deepest supplier tier and client tier reached. */
  levelsUp: z.number().int(),
  levelsDown: z.number().int(),
  /** Own lots the walks started from. */
  starts: z.number().int(),
  /** A bound (starts, nodes, tiers) cut the network short. */
  truncated: z.boolean(),
});
export type TEnterpriseNetwork = z.infer<typeof ZEnterpriseNetwork>;

/** The project -> product cascade of the network's filters. */
export const ZProjectCascade = z.array(
  z.object({
    code: z.string(),
    notes: z.string(),
    products: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  }),
);
export type TProjectCascade = z.infer<typeof ZProjectCascade>;

/** The business-time span of the enterprise's traced documents, epoch ms; null without any. */
export const ZBizDateSpan = z.object({ from: z.number().int().nullable(), to: z.number().int().nullable() });

// ---- product network ------------------------------------------------------------------------------

/** Where the network of a product starts: a product row, a VIN/SN, or a lot (item code and batch). */
export const ZProductNetworkRequest = z.union([
  z.object({ productId: z.number().int().positive() }),
  z.object({ vinSn: z.string().trim().min(1).max(LIMITS.productCodeOrBatchMax) }),
  z.object({
    itemCode: z.string().trim().min(1).max(LIMITS.productCodeOrBatchMax),
    batchNo: z.string().trim().min(1).max(LIMITS.productCodeOrBatchMax),
  }),
]);
export type TProductNetworkRequest = z.infer<typeof ZProductNetworkRequest>;

/**
 * The evidence of a document of the trace: the leaf hash (txHash) of its newest sealed ledger event and the
 * block that sealed it, for the documents of certified companies (anyone can check its inclusion proof on
 * the public ledger); null while not sealed.
 */
export const ZDocumentEvidence = z.object({
  enterprise: z.number().int(),
  typeCode: z.number().int(),
  billNo: z.string(),
  txHash: z.string().nullable(),
  blockHeight: z.number().int().nullable(),
});
export type TDocumentEvidence = z.infer<typeof ZDocumentEvidence>;

export const ZProductNetwork = z.object({
  trace: ZTrace,
  evidence: z.array(ZDocumentEvidence),
});
export type TProductNetwork = z.infer<typeof ZProductNetwork>;

/**
 * A supplier of the network on the supplier information map (spec 3 "Supplier map item"): where it ships
 * from (its newest shipment's shipping place) or, for a source company, its mine or smelter; null
 * coordinates when neither is recorded. `tier` as the network's (1 = direct supplier).
 */
export const ZSupplierMapItem = z.object({
  id: z.string(),
  supplierEnterpriseName: z.string(),
  supplierEnterpriseNameEn: z.string(),
  supplierEnterpriseCode: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  tier: z.number().int(),
});
export type TSupplierMapItem = z.infer<typeof ZSupplierMapItem>;

/** A company's flows' documents with their evidence: the company panel of the network (same filters). */
export const ZCompanyEvidenceRequest = z.object({
  filters: ZNetworkRequest,
  /** The company's id in the network these filters draw. */
  companyId: z.string().max(20),
});
export type TCompanyEvidenceRequest = z.input<typeof ZCompanyEvidenceRequest>;

/** A listed document of one of the company's flows with its evidence (as the product network's). */
export const ZFlowEvidence = z.object({
  flowId: z.string(),
  side: z.enum(['supplier', 'client']),
  typeCode: z.number().int(),
  billNo: z.string(),
  txHash: z.string().nullable(),
  blockHeight: z.number().int().nullable(),
});
export type TFlowEvidence = z.infer<typeof ZFlowEvidence>;

const tag = 'graph';

export const graphEndpoints = {
  enterpriseProjectCascade: endpoint({
    method: 'POST',
    path: '/graph/getEnterpriseProjectCascade',
    input: z.object({}),
    output: ZProjectCascade,
    reads: true,
    auth: 'enterprise',
    permission: VISUAL_CHAIN_CODE,
    tag,
    summary: "The enterprise's project codes with their products: the network's project and product filter",
  }),
  bizDate: endpoint({
    method: 'POST',
    path: '/graph/getBizDate',
    input: z.object({}),
    output: ZBizDateSpan,
    reads: true,
    auth: 'enterprise',
    permission: VISUAL_CHAIN_CODE,
    tag,
    summary:
      "The earliest and latest business time of the enterprise's receipts, deliveries and completions within the member's data permission",
  }),
  enterprise: endpoint({
    method: 'POST',
    path: '/graph/enterprise',
    input: ZNetworkRequest,
    output: ZEnterpriseNetwork,
    reads: true,
    auth: 'enterprise',
    permission: VISUAL_CHAIN_CODE,
    tag,
    summary:
      'The supply-chain network: companies up to five tiers up (suppliers) and down (clients) from the traced documents, with the material flows between them; filtered by project, product and business time. The console cancels a request the filters have overtaken',
  }),
  product: endpoint({
    method: 'POST',
    path: '/graph/product',
    input: ZProductNetworkRequest,
    output: ZProductNetwork,
    reads: true,
    auth: 'enterprise',
    permission: VISUAL_PRODUCT_CODE,
    tag,
    summary:
      "The product network: one of the enterprise's products, VINs/SNs or lots traced down to the mine, with each document's sealed evidence (txHash, block); E1003 when it is not the enterprise's",
  }),
  companyEvidence: endpoint({
    method: 'POST',
    path: '/graph/companyEvidence',
    input: ZCompanyEvidenceRequest,
    output: z.array(ZFlowEvidence),
    reads: true,
    auth: 'enterprise',
    permission: VISUAL_CHAIN_CODE,
    tag,
    summary:
      "The evidence of the documents listed on one company's flows (its panel): each one's newest sealed leaf hash (txHash) and block, for certified companies' documents; an unknown company id answers none",
  }),
  supplierMap: endpoint({
    method: 'POST',
    path: '/graph/supplierMap',
    input: ZNetworkRequest,
    output: z.array(ZSupplierMapItem),
    reads: true,
    auth: 'enterprise',
    permission: SUPPLIER_MAP_CODE,
    tag,
    summary:
      "The supplier information map: the network's suppliers (same filters) with where they ship from (their newest shipment's shipping place, or a source company's site)",
  }),
  traceLabels: endpoint({
    method: 'POST',
    path: '/graph/getTraceLabelList',
    input: z.object({}),
    output: z.array(ZTraceLabel),
    reads: true,
    auth: 'enterprise',
    permission: VISUAL_PRODUCT_CODE,
    tag,
    summary:
      "The enterprise's tracing objects (materials marked as traced), highlighted in the product network",
  }),
};
