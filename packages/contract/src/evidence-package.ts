import { z } from 'zod';
import { ZAnchor, ZInclusionProof, ZSignedBlock } from './ledger.ts';

/*
 * Evidence packages (issue 17 items 2 and 3; layout in docs/evidence-format.md section 7): a zip anyone can
 * verify offline. The server writes it (modules/evidence-package), apps/verify and the /verify page check it.
 * Every JSON file of a package is RFC 8785 canonical; the manifest lists every other file with its SHA-256
 * and is signed by the platform (Ed25519) and the requesting enterprise (secp256k1, its did:ethr).
 */

export const EVIDENCE_PACKAGE_FORMAT = 'tracehub-evidence-package';
export const EVIDENCE_PACKAGE_VERSION = 1;

/** Fixed names of a package's files; records, attachments, blocks, … are numbered under their folders. */
export const PACKAGE_FILES = {
  manifest: 'manifest.json',
  signatures: 'manifest.sig.json',
  platformKey: 'platform-key.json',
} as const;

/** What a package is about: the traced chain of one business key. */
export const ZPackageScopeKind = z.enum(['project', 'product', 'batch', 'vin', 'material', 'enterprise']);
export type TPackageScopeKind = z.infer<typeof ZPackageScopeKind>;

export const PACKAGE_SCOPE_LABELS: Record<TPackageScopeKind, { zh: string; en: string }> = {
  project: { zh: '项目', en: 'Project' },
  product: { zh: '产品编码', en: 'Product code' },
  batch: { zh: '批次', en: 'Batch' },
  vin: { zh: 'VIN/SN', en: 'VIN/SN' },
  material: { zh: '物料编码', en: 'Material code' },
  enterprise: { zh: '企业', en: 'Enterprise' },
};

export const ZPackageScope = z.object({
  kind: ZPackageScopeKind,
  /** The business keys: VINs/SNs, batch numbers, a code, an enterprise uuid (one package may hold many). */
  values: z.array(z.string().min(1).max(100)).min(1).max(1000),
  /** The item code of a batch (a lot is an item code with a batch number). */
  itemCode: z.string().max(100).optional(),
});
export type TPackageScope = z.infer<typeof ZPackageScope>;

/** 1 internal (everything the requester may see), 2 external (for a third party, chosen fields withheld). */
export const ZPackageType = z.union([z.literal(1), z.literal(2)]);
export type TPackageType = z.infer<typeof ZPackageType>;

export const PACKAGE_TYPE_LABELS: Record<TPackageType, { zh: string; en: string }> = {
  1: { zh: '内部证据包', en: 'Internal package' },
  2: { zh: '外部证据包', en: 'External package' },
};

export const ZPackageRequest = z
  .object({
    scope: ZPackageScope,
    type: ZPackageType,
    /** Payload field names whose values (and so the record's salt) a type 2 package leaves out. */
    withheldFields: z.array(z.string().min(1).max(100)).max(100).default([]),
  })
  .refine((r) => r.type === 2 || r.withheldFields.length === 0, {
    message: 'only an external package (type 2) withholds fields',
    path: ['withheldFields'],
  });
export type TPackageRequest = z.infer<typeof ZPackageRequest>;

const zHex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** One file of the package as the manifest lists it. */
export const ZManifestFile = z.object({
  path: z.string(),
  sha256: zHex64,
  size: z.number().int().nonnegative(),
});

export const ZPackageManifest = z.object({
  format: z.literal(EVIDENCE_PACKAGE_FORMAT),
  version: z.literal(EVIDENCE_PACKAGE_VERSION),
  type: ZPackageType,
  scope: ZPackageScope,
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  enterprise: z.object({ uuid: z.string(), did: z.string().nullable() }),
  withheldFields: z.array(z.string()),
  counts: z.object({ records: z.number().int(), attachments: z.number().int(), blocks: z.number().int() }),
  /** Every file but the manifest and its signatures, in the order written. */
  files: z.array(ZManifestFile),
});
export type TPackageManifest = z.infer<typeof ZPackageManifest>;

/** manifest.sig.json: the two signatures of the manifest's exact bytes. */
export const ZManifestSignatures = z.object({
  /** Ed25519 over the manifest bytes, with the key of platform-key.json. */
  platform: z.object({ keyId: z.string(), signature: z.string() }),
  /**
   * secp256k1 recoverable signature of SHA-256(manifest bytes) by the requesting enterprise's did:ethr key;
   * null when the enterprise has no key (not certified).
   */
  enterprise: z.object({ did: z.string(), signature: z.string() }).nullable(),
});
export type TManifestSignatures = z.infer<typeof ZManifestSignatures>;

export const ZPackagePlatformKey = z.object({
  algorithm: z.literal('Ed25519'),
  publicKey: z.string(),
  keyId: z.string(),
  did: z.string(),
});

/** A record of the traced chain: records/<n>.json. */
export const ZPackageRecord = z.object({
  /** Enterprises away from the scope's (0 = the requester's own tier). */
  tier: z.number().int(),
  direction: z.enum(['start', 'down', 'up']),
  /** The record belongs to the requesting enterprise (only then can its payload be opened). */
  own: z.boolean(),
  /** Its inclusion proof exactly as GET /api/public/ledger/proof answers it. */
  proof: ZInclusionProof,
  /**
   * What opens payloadHash: the payload and its salt (null salt for a v1 leaf); null when not disclosed (a
   * counterparty's record, or a type 2 package withholding one of its fields).
   */
  opening: z.object({ payload: z.unknown(), salt: z.string().nullable() }).nullable(),
  /** The withheld field names this record had (type 2), so a reader knows why it is not opened. */
  withheld: z.array(z.string()),
  /** The attachment's path in the package when the record is about content (its dataHash). */
  attachment: z.string().nullable(),
});
export type TPackageRecord = z.infer<typeof ZPackageRecord>;

/** consistency/<height>.json: from a block to the newest block of the package. */
export const ZPackageConsistency = z.object({
  from: ZSignedBlock,
  to: ZSignedBlock,
  proof: z.array(z.string()),
});

export { ZAnchor as ZPackageAnchor, ZSignedBlock as ZPackageBlock };
