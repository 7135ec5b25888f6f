import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { importExportEndpoints, type TImportKind } from './imports.ts';
import { recordStamps } from './ledger.ts';
import { listRequest, ZListResponse } from './list.ts';
import { LIMITS } from './limits.ts';
import { recordEndpoints } from './record-endpoints.ts';
import { PARTNER_LIMITS, ZPartnerOption } from './partner.ts';

/*
 * Material code mappings (spec 2.2 materialRelation and custommaterialRelation, each with its link page;
 * 2.3 "Material relation (supplier product-code mapping)"; 3 "Supplier material association: supplier code
 * and name, supplier material number, DID"). A supplier's material number maps to the enterprise's own
 * purchased material; a client's material number maps to the enterprise's own product or material. The
 * own side is chosen on the link page.
 */

export const RELATION_DIRECTIONS = ['supplier', 'client'] as const;
export const ZRelationDirection = z.enum(RELATION_DIRECTIONS);
export type TRelationDirection = z.infer<typeof ZRelationDirection>;

/** What the enterprise's own side of a mapping is: a row of `materials` or of `products`. */
export const OWN_ITEM_KINDS = ['material', 'product'] as const;
export const ZOwnItemKind = z.enum(OWN_ITEM_KINDS);
export type TOwnItemKind = z.infer<typeof ZOwnItemKind>;

/** The own sides each direction may link: purchased materials for suppliers, products or materials for clients. */
export const LINKABLE_KINDS: Readonly<Record<TRelationDirection, readonly TOwnItemKind[]>> = {
  supplier: ['material'],
  client: ['product', 'material'],
};

export const MATERIAL_RELATION_LIMITS = {
  materialNo: LIMITS.productCodeOrBatchMax,
  materialName: 100,
  notes: 100,
} as const;

const mappingFields = {
  partnerMaterialNo: z.string().trim().min(1).max(MATERIAL_RELATION_LIMITS.materialNo),
  partnerMaterialName: z.string().trim().max(MATERIAL_RELATION_LIMITS.materialName).optional().default(''),
  notes: z.string().trim().max(MATERIAL_RELATION_LIMITS.notes).optional().default(''),
};

/** A mapping as the create call takes it: one of the enterprise's partners of the page's type. */
export const ZMaterialRelationCreate = z.object({ partnerId: z.number().int(), ...mappingFields });
export const ZMaterialRelationUpdate = ZMaterialRelationCreate.extend({ id: z.number().int() });

/**
 * An imported mapping: the partner typed as its code and name, matched to a partner of the enterprise by
 * code (then the partner's own name is kept); without a match the typed code and name are kept as they are.
 */
export const ZMaterialRelationImportRow = z.object({
  partnerCode: z.string().trim().min(1).max(PARTNER_LIMITS.code),
  partnerName: z.string().trim().min(1).max(PARTNER_LIMITS.name),
  ...mappingFields,
});
export type TMaterialRelationImportRow = z.infer<typeof ZMaterialRelationImportRow>;

/** The enterprise's own material or product a mapping is linked to, or a candidate of the link page. */
export const ZOwnItem = z.object({
  kind: ZOwnItemKind,
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  batchNo: z.string(),
  /** A product's VIN/SN; '' for materials. */
  vinSn: z.string(),
});
export type TOwnItem = z.infer<typeof ZOwnItem>;

export const ZMaterialRelation = z.object({
  id: z.number().int(),
  direction: ZRelationDirection,
  /** The partner it was matched to; null when its code matches none of the enterprise's partners. */
  partnerId: z.number().int().nullable(),
  partnerCode: z.string(),
  partnerName: z.string(),
  /** The matched partner's English name (shown in en), null without a match or an English name. */
  partnerNameEn: z.string().nullable(),
  /** The partner is settled on the platform (spec 4). */
  partnerSettled: z.boolean(),
  /** The settled partner enterprise's DID (spec 3 "Supplier material association ... DID"). */
  partnerDid: z.string().nullable(),
  partnerMaterialNo: z.string(),
  partnerMaterialName: z.string(),
  notes: z.string(),
  own: ZOwnItem.nullable(),
  ...recordStamps,
});
export type TMaterialRelation = z.infer<typeof ZMaterialRelation>;

export const RELATION_LINK_STATES = ['linked', 'unlinked'] as const;

/** Search fields of a mapping list (and its export). */
export const ZMaterialRelationFilters = {
  partnerCode: z.string().trim().max(PARTNER_LIMITS.code).optional(),
  partnerName: z.string().trim().max(PARTNER_LIMITS.name).optional(),
  partnerMaterialNo: z.string().trim().max(MATERIAL_RELATION_LIMITS.materialNo).optional(),
  partnerMaterialName: z.string().trim().max(MATERIAL_RELATION_LIMITS.materialName).optional(),
  /** The linked own material's or product's code contains it. */
  ownCode: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  linkState: z.enum(RELATION_LINK_STATES).optional(),
  partnerId: z.coerce.number().int().optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

/** The link page's list: the enterprise's own items of one kind a mapping can be linked to. */
export const ZLinkCandidateFilters = {
  /** The mapping. */
  id: z.coerce.number().int(),
  kind: ZOwnItemKind.optional(),
  code: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional(),
  /** The Chinese or the English name contains it. */
  name: z.string().trim().max(MATERIAL_RELATION_LIMITS.materialName).optional(),
};

export const ZLinkCandidate = ZOwnItem.extend({
  /** The mapping is linked to this one now. */
  linked: z.boolean(),
});
export type TLinkCandidate = z.infer<typeof ZLinkCandidate>;

interface RelationEndpointsOptions {
  direction: TRelationDirection;
  /** Path below /api: '/materialRelation' or '/customMaterialRelation'. */
  base: string;
  /** The page code: 'MaterialRelation' or 'CustomMaterialRelation'. */
  code: string;
  kind: TImportKind;
  noun: string;
}

/** The endpoints of the mappings of one direction; both directions share their shapes. */
function relationEndpoints(o: RelationEndpointsOptions) {
  const tag = o.base.slice(1);
  const partnerNoun = o.direction === 'supplier' ? 'supplier' : 'client';
  return {
    ...recordEndpoints({
      base: o.base,
      code: o.code,
      tag,
      filters: ZMaterialRelationFilters,
      item: ZMaterialRelation,
      create: ZMaterialRelationCreate,
      update: ZMaterialRelationUpdate,
      summaries: {
        page: `The enterprise's ${o.noun} with the linked own item, the partner's DID when settled and the evidence; sortField partnerCode, partnerMaterialNo, createdAt (default, newest first) or updatedAt`,
        detail: 'One mapping',
        add: `Map a ${partnerNoun}'s material number (unique per ${partnerNoun}: B2063); recorded as evidence`,
        update: 'Change a mapping (its link stays); recorded as evidence',
        delete: 'Delete a mapping; refused (B2040) while business data references it; recorded as evidence',
        batchDelete: 'Delete several mappings, all or none',
      },
    }),
    partnerOptions: endpoint({
      method: 'POST',
      path: `${o.base}/partnerOptions`,
      input: z.object({ keyword: z.string().trim().max(PARTNER_LIMITS.name).optional() }),
      output: z.array(ZPartnerOption),
      auth: 'enterprise',
      permission: [`${o.code}:Create`, `${o.code}:Edit`],
      tag,
      summary: `The enterprise's ${partnerNoun}s a mapping can name (code or name contains the keyword; at most 100)`,
    }),
    candidates: endpoint({
      method: 'POST',
      path: `${o.base}/candidates`,
      input: listRequest(ZLinkCandidateFilters),
      output: ZListResponse(ZLinkCandidate),
      reads: true,
      auth: 'enterprise',
      permission: o.code,
      tag,
      summary: `The link page: the enterprise's ${o.direction === 'supplier' ? 'purchased materials' : 'products (kind product, the default) or materials (kind material)'} a mapping can be linked to, sorted by code`,
    }),
    link: endpoint({
      method: 'POST',
      path: `${o.base}/link`,
      input: z.object({ id: z.number().int(), kind: ZOwnItemKind, targetId: z.number().int() }),
      output: ZMaterialRelation,
      auth: 'enterprise',
      permission: `${o.code}:Edit`,
      tag,
      summary:
        'Link a mapping to one own item (replacing its link; B2064 when the item is not linkable); recorded as evidence',
    }),
    unlink: endpoint({
      method: 'POST',
      path: `${o.base}/unlink`,
      input: z.object({ id: z.number().int() }),
      output: ZMaterialRelation,
      auth: 'enterprise',
      permission: `${o.code}:Edit`,
      tag,
      summary: 'Remove the link of a mapping; recorded as evidence',
    }),
    ...importExportEndpoints({
      kind: o.kind,
      base: o.base,
      code: o.code,
      filters: ZMaterialRelationFilters,
      tag,
      noun: o.noun,
    }),
  };
}

/** Supplier material code mappings (/basicData/materialRelation). */
export const materialRelationEndpoints = relationEndpoints({
  direction: 'supplier',
  base: '/materialRelation',
  code: 'MaterialRelation',
  kind: 'materialRelation',
  noun: 'supplier material code mappings',
});

/** Client material code mappings (/basicData/custommaterialRelation). */
export const customMaterialRelationEndpoints = relationEndpoints({
  direction: 'client',
  base: '/customMaterialRelation',
  code: 'CustomMaterialRelation',
  kind: 'customMaterialRelation',
  noun: 'client material code mappings',
});

export type TMaterialRelationEndpoints = typeof materialRelationEndpoints;
