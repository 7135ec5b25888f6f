import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { listRequest, ZListResponse } from './list.ts';
import { CHAIN_RECORDS_CODE, COMPANY_EVIDENCE_CODE, EVIDENCE_CODES } from './record-pages.ts';
import { zInt4Input } from './validators/numbers.ts';

/*
 * The verifiable evidence ledger (ARCHITECTURE 3, docs/evidence-format.md). Every evidence-bearing change
 * appends a leaf (RFC 9162 leaf hash of the RFC 8785 canonical event, committing to its payload under a
 * random salt the public never sees); a sealer closes signed blocks
 * {height, prevHash, treeSize, rootHash, time}; an anchor job writes block roots to an EVM chain.
 * In the console's words: txHash = the leaf hash; chainHeight / chainHash / chainDate = the sealing
 * block's height, hash and time.
 */

const zHex = z.string().regex(/^[0-9a-f]{64}$/, 'v.ledger.hash');

export const ZBlockHeader = z.object({
  height: z.number().int(),
  prevHash: z.string(),
  treeSize: z.number().int(),
  rootHash: z.string(),
  /** Epoch milliseconds. */
  time: z.number().int(),
});
export type TBlockHeader = z.infer<typeof ZBlockHeader>;

export const ZSignedBlock = z.object({
  header: ZBlockHeader,
  /** SHA-256 of the header's RFC 8785 bytes, lowercase hex. */
  hash: z.string(),
  /** Ed25519 signature by the platform key over the same bytes, hex. */
  signature: z.string(),
});
export type TSignedBlock = z.infer<typeof ZSignedBlock>;

/** Where a block root was written on an EVM chain. */
export const ZAnchor = z.object({
  height: z.number().int(),
  chainId: z.number().int(),
  contract: z.string(),
  txHash: z.string(),
  blockNumber: z.number().int().nullable(),
  anchoredAt: z.number().int(),
  /** Explorer link from configuration (spec 9: explorer host by environment), when one is set. */
  explorerUrl: z.string().nullable(),
});
export type TAnchor = z.infer<typeof ZAnchor>;

/** The chain detail of a record (spec 3): status sealed or not yet, and where. */
export const ZChainDetail = z.object({
  txHash: z.string(),
  txTime: z.number().int(),
  status: z.enum(['sealed', 'pending']),
  chainHeight: z.number().int().nullable(),
  chainHash: z.string().nullable(),
  chainDate: z.number().int().nullable(),
  anchor: ZAnchor.nullable(),
  eventType: z.string(),
  subjectId: z.string(),
});
export type TChainDetail = z.infer<typeof ZChainDetail>;

/**
 * The members every evidence-bearing business record carries (spread into its schema): its times, epoch
 * milliseconds, and the chain detail of the evidence of its latest change (null while it has none).
 */
export const recordStamps = {
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  chain: ZChainDetail.nullable(),
};

/**
 * For a v3 leaf an enterprise signed: its batch, the leaf's RFC 9162 path in the batch tree and the
 * enterprise's signature of the batch statement (docs/evidence-format.md section 2a).
 */
export const ZEvidenceBatchProof = z.object({
  id: z.string(),
  did: z.string(),
  size: z.number().int(),
  index: z.number().int(),
  rootHash: z.string(),
  auditPath: z.array(z.string()),
  signature: z.string(),
});
export type TEvidenceBatchProof = z.infer<typeof ZEvidenceBatchProof>;

/** An inclusion proof of one leaf against a signed block (RFC 9162 2.1.3). */
export const ZInclusionProof = z.object({
  leafIndex: z.number().int(),
  treeSize: z.number().int(),
  leafHash: z.string(),
  /** Audit path, lowercase hex, leaf to root. */
  auditPath: z.array(z.string()),
  rootHash: z.string(),
  block: ZSignedBlock,
  anchor: ZAnchor.nullable(),
  /**
   * The canonical leaf data (RFC 8785 JSON) so a verifier can recompute the leaf hash itself. It holds the
   * payload's salted commitment (v2), never the payload or its salt.
   */
  leafData: z.string(),
  /** The batch signature covering a signed v3 leaf; null for other leaves (v1/v2 carry their signature). */
  batch: ZEvidenceBatchProof.nullable(),
});
export type TInclusionProof = z.infer<typeof ZInclusionProof>;

export const ZConsistencyProof = z.object({
  from: ZSignedBlock,
  to: ZSignedBlock,
  /** RFC 9162 2.1.4 consistency proof between the two tree sizes, hex. */
  proof: z.array(z.string()),
});

export const ZPlatformKey = z.object({
  algorithm: z.literal('Ed25519'),
  /** Raw 32-byte public key, hex. */
  publicKey: z.string(),
  keyId: z.string(),
});

/**
 * The record an evidence event is about, in words: its kind (采购入库 / Purchase receipt) and business key
 * (a document number, a code, a file name; a company's name with its English one).
 */
export const ZEvidenceSubject = z.object({
  kind: z.object({ zh: z.string(), en: z.string() }),
  name: z.string(),
  nameEn: z.string().nullable().optional(),
});
export type TEvidenceSubject = z.infer<typeof ZEvidenceSubject>;

export const ZEvidenceRecord = z.object({
  id: z.number().int(),
  eventType: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  /** The record by name; null when it is gone or of a kind without a business key. */
  subject: ZEvidenceSubject.nullable(),
  payloadHash: z.string(),
  signerDid: z.string().nullable(),
  chain: ZChainDetail,
  createdAt: z.number().int(),
});
export type TEvidenceRecord = z.infer<typeof ZEvidenceRecord>;

/**
 * One of the enterprise's evidence records with what its leaf commits to: the payload and, for a v2/v3 leaf,
 * its salt, so that a member who may see the record re-checks payloadHash (docs/evidence-format.md). Only
 * the authenticated, tenant-scoped /graph/getEvidence serves it; no public answer carries a salt.
 */
export const ZEvidenceDetail = z.object({
  id: z.number().int(),
  eventType: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  /**
   * 3 (signed per batch) and 2: payloadHash = SHA-256(RFC 8785 {payload, salt}); 1: an older leaf,
   * SHA-256(RFC 8785 payload).
   */
  leafVersion: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** The leaf data as the public proof serves it. */
  leafData: z.string(),
  payloadHash: z.string(),
  dataHash: z.string().nullable(),
  signerDid: z.string().nullable(),
  chain: ZChainDetail,
  createdAt: z.number().int(),
  /**
   * What the payload hash commits to, for a member who may see the record (the `<page>:ViewBCdata` action
   * of its page, within its data permission); null for any other member (e.g. ChainRecords alone).
   */
  content: z
    .object({
      /** The record's data as evidence (any JSON value). */
      payload: z.unknown(),
      /** 64 lowercase hex (32 random bytes) for a v2 leaf, null for a v1 leaf. */
      salt: z.string().nullable(),
    })
    .nullable(),
});
export type TEvidenceDetail = z.infer<typeof ZEvidenceDetail>;

export const publicLedgerEndpoints = {
  key: endpoint({
    method: 'GET',
    path: '/public/ledger/key',
    input: z.object({}).default({}),
    output: ZPlatformKey,
    auth: 'public',
    tag: 'public-ledger',
    summary: "The platform's Ed25519 public key that signs block headers",
  }),
  latest: endpoint({
    method: 'GET',
    path: '/public/ledger/latest',
    input: z.object({}).default({}),
    output: ZSignedBlock.nullable(),
    auth: 'public',
    tag: 'public-ledger',
    summary: 'The newest sealed block (null before the first)',
  }),
  block: endpoint({
    method: 'GET',
    path: '/public/ledger/blocks/:height',
    input: z.object({ height: zInt4Input() }),
    output: ZSignedBlock.extend({ anchor: ZAnchor.nullable() }),
    auth: 'public',
    tag: 'public-ledger',
    summary: 'One signed block and its anchor',
  }),
  proof: endpoint({
    method: 'GET',
    path: '/public/ledger/proof',
    input: z.object({
      hash: z.string().trim().toLowerCase().pipe(zHex),
      /** Prove against this later block instead of the one that sealed the record. */
      atHeight: zInt4Input().optional(),
    }),
    output: ZInclusionProof,
    auth: 'public',
    tag: 'public-ledger',
    summary:
      'Inclusion proof of a record found by its leaf hash (txHash) or its data hash (a file’s SHA-256), against the block that sealed it',
  }),
  consistency: endpoint({
    method: 'GET',
    path: '/public/ledger/consistency',
    input: z.object({ from: zInt4Input(), to: zInt4Input() }),
    output: ZConsistencyProof,
    auth: 'public',
    tag: 'public-ledger',
    summary: 'Consistency proof between the trees of two blocks (RFC 9162 2.1.4)',
  }),
  did: endpoint({
    method: 'GET',
    path: '/public/did/:did',
    input: z.object({ did: z.string().max(200) }),
    output: z.record(z.string(), z.unknown()),
    auth: 'public',
    tag: 'public-ledger',
    summary: "An enterprise's W3C DID document (did:ethr), or the platform's (did:key of its Ed25519 key)",
  }),
  credential: endpoint({
    method: 'GET',
    path: '/public/credentials/:number',
    input: z.object({ number: z.string().max(64) }),
    output: z.record(z.string(), z.unknown()),
    auth: 'public',
    tag: 'public-ledger',
    summary: 'A certification certificate as a W3C verifiable credential signed by the platform',
  }),
};

export const ledgerEndpoints = {
  getHash: endpoint({
    method: 'POST',
    path: '/graph/getHash',
    input: z.object({ hash: z.string().trim().toLowerCase().pipe(zHex) }),
    output: ZChainDetail,
    auth: 'enterprise',
    // Any evidence code passes the route; the record then needs ChainRecords or its own page's ViewBCdata.
    permission: EVIDENCE_CODES,
    tag: 'ledger',
    summary:
      "Chain detail of one of the enterprise's records, by its txHash or data hash: needs ChainRecords or the ViewBCdata of the record's page (E1008 without), and the record within the caller's data permission (L3002 like an unknown hash otherwise)",
  }),
  getEvidence: endpoint({
    method: 'POST',
    path: '/graph/getEvidence',
    input: z.object({ hash: z.string().trim().toLowerCase().pipe(zHex) }),
    output: ZEvidenceDetail,
    auth: 'enterprise',
    // As /graph/getHash: any evidence code passes the route, then the record's own check.
    permission: EVIDENCE_CODES,
    tag: 'ledger',
    summary:
      "One of the enterprise's evidence records by its txHash or data hash, as /graph/getHash finds and allows it (E1008, L3002), with `content` (its payload and salt, to re-check its payload hash) when the member may see the record itself: the `<page>:ViewBCdata` action of the page it belongs to; `content` is null otherwise",
  }),
  queryProductChainRecordsPage: endpoint({
    method: 'POST',
    path: '/graph/queryProductChainRecordsPage',
    input: listRequest({
      eventType: z.string().max(64).optional(),
      subjectId: z.string().max(100).optional(),
      status: z.enum(['sealed', 'pending']).optional(),
      createdFrom: z.coerce.number().int().optional(),
      createdTo: z.coerce.number().int().optional(),
    }),
    output: ZListResponse(ZEvidenceRecord),
    auth: 'enterprise',
    // The evidence page; the user centre's certificate holders list the company's own records.
    permission: [CHAIN_RECORDS_CODE, COMPANY_EVIDENCE_CODE],
    tag: 'ledger',
    summary:
      "The enterprise's on-chain evidence records (the ChainRecords page; with only ViewBlockchainCertificate, the company's own: its certification and company changes); with the 'account' data permission only the evidence of records the member's account created",
  }),
};
