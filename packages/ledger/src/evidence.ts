/**
 * Evidence leaves: the canonical bytes of an evidence-bearing event, appended to the log as one leaf.
 *
 * Leaf data (version 1) is the RFC 8785 canonical JSON of
 * `{v: 1, type, enterpriseUuid, subjectType, subjectId, payloadHash, dataHash?, time, signer?}`:
 * the event's payload itself stays in the platform's database and only its hash (SHA-256 of its canonical
 * JSON) is on the ledger, so a public proof discloses no business data. `dataHash` is the SHA-256 of
 * external content the event is about (a file), so a holder of the content can find and prove its record.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hex, isHashHex } from './bytes.ts';
import { canonicalBytes, canonicalize } from './canonical.ts';
import { leafHash } from './merkle.ts';

export { fromHex, hex } from './bytes.ts';

/** The version of the leaf-data format described above. */
export const EVIDENCE_LEAF_VERSION = 1;

export interface EvidenceEvent {
  /** What happened, e.g. 'file.uploaded', 'enterprise.certified', 'company.updated'. */
  type: string;
  /** The enterprise the event belongs to; null for platform events (e.g. an applicant's upload). */
  enterpriseUuid: string | null;
  /** The kind of record the event is about: 'file', 'certificate', 'enterprise', ... */
  subjectType: string;
  /** The record's identifier among its kind. */
  subjectId: string;
  /** JSON data of the event; only its hash enters the leaf. Must be I-JSON; undefined counts as null. */
  payload: unknown;
  /** SHA-256 (lowercase hex) of external content the event is about, such as an uploaded file. */
  dataHash?: string | null | undefined;
  /** Event time, epoch milliseconds. */
  time: number;
  /**
   * The submitting enterprise's DID and its secp256k1 signature of the payload hash (see signer.ts), when
   * the record was signed.
   */
  signer?: { did: string; signature: string } | null | undefined;
}

/** The JSON object of leaf data: what is canonicalised and hashed into the leaf. */
export interface EvidenceLeaf {
  v: typeof EVIDENCE_LEAF_VERSION;
  type: string;
  enterpriseUuid: string | null;
  subjectType: string;
  subjectId: string;
  payloadHash: string;
  dataHash?: string;
  time: number;
  signer?: { did: string; signature: string };
}

/** Lowercase hex SHA-256 of the payload's RFC 8785 bytes (undefined counts as null). */
export function evidencePayloadHash(payload: unknown): string {
  return hex(sha256(canonicalBytes(payload === undefined ? null : payload)));
}

/**
 * The leaf object of an event (exactly the fields above; signer and dataHash omitted when absent, any
 * other property ignored). Throws TypeError on a malformed event or a non-JSON payload.
 */
export function evidenceLeaf(event: EvidenceEvent): EvidenceLeaf {
  const { type, enterpriseUuid, subjectType, subjectId, payload, dataHash, time, signer } = event;
  for (const [name, value] of [
    ['type', type],
    ['subjectType', subjectType],
    ['subjectId', subjectId],
  ] as const) {
    if (typeof value !== 'string' || value === '') throw new TypeError(`evidence ${name} must be a string`);
  }
  if (enterpriseUuid !== null && (typeof enterpriseUuid !== 'string' || enterpriseUuid === '')) {
    throw new TypeError('evidence enterpriseUuid must be a string or null');
  }
  if (!Number.isSafeInteger(time)) throw new TypeError('evidence time must be an integer (epoch ms)');
  if (dataHash !== undefined && dataHash !== null && !isHashHex(dataHash)) {
    throw new TypeError('evidence dataHash must be 64 lowercase hex characters');
  }
  if (signer !== undefined && signer !== null) {
    if (typeof signer.did !== 'string' || typeof signer.signature !== 'string') {
      throw new TypeError('evidence signer must have string did and signature');
    }
  }
  return {
    v: EVIDENCE_LEAF_VERSION,
    type,
    enterpriseUuid,
    subjectType,
    subjectId,
    payloadHash: evidencePayloadHash(payload),
    ...(dataHash === undefined || dataHash === null ? {} : { dataHash }),
    time,
    ...(signer === undefined || signer === null
      ? {}
      : { signer: { did: signer.did, signature: signer.signature } }),
  };
}

/** Leaf data of an event: the RFC 8785 bytes of {@link evidenceLeaf}. */
export function evidenceLeafData(event: EvidenceEvent): Uint8Array {
  return canonicalBytes(evidenceLeaf(event));
}

/** Leaf data as text (what the platform stores and serves verbatim as `leafData`). */
export function evidenceLeafText(event: EvidenceEvent): string {
  return canonicalize(evidenceLeaf(event));
}

/** RFC 9162 leaf hash of {@link evidenceLeafData}: the value appended to the Merkle log. */
export function evidenceLeafHash(event: EvidenceEvent): Uint8Array {
  return leafHash(evidenceLeafData(event));
}

/**
 * Reads leaf data served with a proof: the parsed leaf when the text is a version-1 evidence leaf in its
 * canonical form (so no two texts stand for one record), otherwise null. Never throws.
 */
export function parseEvidenceLeaf(text: string): EvidenceLeaf | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
    if (canonicalize(value) !== text) return null;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const leaf = value as Record<string, unknown>;
  const allowed = new Set([
    'v',
    'type',
    'enterpriseUuid',
    'subjectType',
    'subjectId',
    'payloadHash',
    'dataHash',
    'time',
    'signer',
  ]);
  if (Object.keys(leaf).some((key) => !allowed.has(key))) return null;
  const nonEmpty = (v: unknown) => typeof v === 'string' && v !== '';
  if (leaf.v !== EVIDENCE_LEAF_VERSION) return null;
  if (!nonEmpty(leaf.type) || !nonEmpty(leaf.subjectType) || !nonEmpty(leaf.subjectId)) return null;
  if (leaf.enterpriseUuid !== null && !nonEmpty(leaf.enterpriseUuid)) return null;
  if (!isHashHex(leaf.payloadHash)) return null;
  if (leaf.dataHash !== undefined && !isHashHex(leaf.dataHash)) return null;
  if (!Number.isSafeInteger(leaf.time)) return null;
  if (leaf.signer !== undefined) {
    const signer = leaf.signer as Record<string, unknown> | null;
    if (typeof signer !== 'object' || signer === null || Array.isArray(signer)) return null;
    if (Object.keys(signer).length !== 2 || !nonEmpty(signer.did) || !nonEmpty(signer.signature)) return null;
  }
  return leaf as unknown as EvidenceLeaf;
}
