/**
 * Evidence leaves: the canonical bytes of an evidence-bearing event, appended to the log as one leaf
 * (docs/evidence-format.md describes the format for third-party verifiers).
 *
 * Leaf data is the RFC 8785 canonical JSON of
 * `{v, type, enterpriseUuid, subjectType, subjectId, payloadHash, dataHash?, time, signer?}`: the event's
 * payload stays in the platform's database and only a commitment to it is on the ledger.
 * - v2 (every new event): payloadHash = SHA-256(RFC 8785 `{"payload": <payload>, "salt": "<hex>"}`) with a
 *   random 32-byte salt per event, kept with the event and disclosed only to those who may see the record.
 *   A public proof so gives no way to confirm a guess of the payload offline.
 * - v3 (every new event): the payload commitment of v2; the enterprise signs once per batch of events
 *   (batch.ts), so the leaf names its batch (`signer: {batch, did}`) instead of carrying a signature.
 * - v2 (leaves written before v3): `signer: {did, signature}`, the signature over the payload hash itself.
 * - v1 (leaves written before v2): payloadHash = SHA-256(RFC 8785 payload), unsalted; still verifiable.
 * `dataHash` is the SHA-256 of external content the event is about (a file), so a holder of the content can
 * find and prove its record.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { isEvidenceBatchId } from './batch.ts';
import { hex, isHashHex } from './bytes.ts';
import { canonicalBytes, canonicalize, canonicalString } from './canonical.ts';
import { leafHash } from './merkle.ts';

export { fromHex, hex } from './bytes.ts';

/** The leaf format of new events: v3, a salted payload commitment signed per batch. */
export const EVIDENCE_LEAF_VERSION = 3;
/** Leaf formats a verifier accepts: 1 (unsalted payload hash), 2 (salted, signed per event) and 3. */
export type EvidenceLeafVersion = 1 | 2 | 3;

/** The signer of a v1 or v2 leaf: its DID and the signature of the payload hash. */
export interface EvidenceEventSigner {
  did: string;
  signature: string;
}
/** The signer of a v3 leaf: its DID and the batch whose signature covers the leaf (batch.ts). */
export interface EvidenceBatchSigner {
  did: string;
  batch: string;
}
export type EvidenceSigner = EvidenceEventSigner | EvidenceBatchSigner;

/** True for a v3 leaf's signer (a batch reference), false for a v1/v2 per-event signature. */
export function isBatchSigner(signer: EvidenceSigner): signer is EvidenceBatchSigner {
  return 'batch' in signer;
}

/** Size of a v2 payload salt in bytes; its text form is 64 lowercase hex characters. */
export const EVIDENCE_SALT_BYTES = 32;

export interface EvidenceEvent {
  /** What happened, e.g. 'file.uploaded', 'enterprise.certified', 'company.updated'. */
  type: string;
  /** The enterprise the event belongs to; null for platform events (e.g. an applicant's upload). */
  enterpriseUuid: string | null;
  /** The kind of record the event is about: 'file', 'certificate', 'enterprise', ... */
  subjectType: string;
  /** The record's identifier among its kind. */
  subjectId: string;
  /** JSON data of the event; only its commitment enters the leaf. Must be I-JSON; undefined counts as null. */
  payload: unknown;
  /**
   * The payload's salt (64 lowercase hex, {@link newEvidenceSalt}): given, the leaf is v2 and commits to the
   * salted payload; absent or null, the leaf is v1 (unsalted, only to re-create leaves written before v2).
   */
  salt?: string | null | undefined;
  /** SHA-256 (lowercase hex) of external content the event is about, such as an uploaded file. */
  dataHash?: string | null | undefined;
  /** Event time, epoch milliseconds. */
  time: number;
  /**
   * The submitting enterprise, when the record was signed: v3, its DID and the batch it signed (batch.ts);
   * v1/v2, its DID and its secp256k1 signature of the payload hash (signer.ts).
   */
  signer?: EvidenceSigner | null | undefined;
  /**
   * The leaf format, to re-create a stored leaf. Omitted: 1 without a salt, 2 with a per-event signature,
   * otherwise 3 (every new event).
   */
  v?: EvidenceLeafVersion | undefined;
}

/** The JSON object of leaf data: what is canonicalised and hashed into the leaf. */
export interface EvidenceLeaf {
  v: EvidenceLeafVersion;
  type: string;
  enterpriseUuid: string | null;
  subjectType: string;
  subjectId: string;
  payloadHash: string;
  dataHash?: string;
  time: number;
  signer?: EvidenceSigner;
}

/** v1 payload hash: lowercase hex SHA-256 of the payload's RFC 8785 bytes (undefined counts as null). */
export function evidencePayloadHash(payload: unknown): string {
  return hex(sha256(canonicalBytes(payload === undefined ? null : payload)));
}

/** A fresh v2 payload salt: 32 bytes from the platform's CSPRNG (crypto.getRandomValues), lowercase hex. */
export function newEvidenceSalt(): string {
  return hex(randomBytes(EVIDENCE_SALT_BYTES));
}

/** True for a salt in its text form: 64 lowercase hex characters (32 bytes). */
export function isEvidenceSalt(value: unknown): value is string {
  return isHashHex(value);
}

/**
 * v2 payload hash: lowercase hex SHA-256 of the RFC 8785 bytes of `{"payload": <payload>, "salt": <salt>}`,
 * that is of `{"payload":` + JCS(payload) + `,"salt":"` + salt + `"}` (members in RFC 8785 order). Throws
 * TypeError for a salt that is not 64 lowercase hex characters.
 */
export function evidenceSaltedPayloadHash(payload: unknown, salt: string): string {
  if (!isEvidenceSalt(salt)) throw new TypeError('evidence salt must be 64 lowercase hex characters');
  return hex(sha256(canonicalBytes({ payload: payload === undefined ? null : payload, salt })));
}

/** The payload hash a leaf of this salt carries: v2 with a salt, v1 without (null). */
export function evidencePayloadCommitment(payload: unknown, salt: string | null | undefined): string {
  return salt === null || salt === undefined
    ? evidencePayloadHash(payload)
    : evidenceSaltedPayloadHash(payload, salt);
}

/**
 * Whether a payload (and, for a v2 leaf, its salt) is what the leaf commits to: the check a party given the
 * record's data runs. A v1 leaf takes no salt (null), a v2 leaf requires one. Never throws.
 */
export function verifyEvidencePayload(
  leaf: Pick<EvidenceLeaf, 'v' | 'payloadHash'>,
  payload: unknown,
  salt: string | null,
): boolean {
  try {
    if (leaf.v === 1) return salt === null && evidencePayloadHash(payload) === leaf.payloadHash;
    if (leaf.v === 2 || leaf.v === 3)
      return salt !== null && evidenceSaltedPayloadHash(payload, salt) === leaf.payloadHash;
    return false;
  } catch {
    return false;
  }
}

/**
 * The leaf object of an event (exactly the fields above; signer and dataHash omitted when absent, any
 * other property ignored). Throws TypeError on a malformed event or a non-JSON payload.
 */
export function evidenceLeaf(event: EvidenceEvent): EvidenceLeaf {
  return evidenceLeafOfCommitment(event, null);
}

/**
 * {@link evidenceLeaf} with the payload commitment already computed by the caller (a server hashing with a
 * native SHA-256): `payloadHash` must be {@link evidencePayloadCommitment} of the event's payload and salt,
 * which a verifier re-computes. Null computes it here.
 */
export function evidenceLeafOfCommitment(event: EvidenceEvent, payloadHash: string | null): EvidenceLeaf {
  const { type, enterpriseUuid, subjectType, subjectId, payload, salt, dataHash, time, signer } = event;
  const salted = salt !== undefined && salt !== null;
  const batchSigned = signer !== undefined && signer !== null && isBatchSigner(signer);
  const v = event.v ?? (!salted ? 1 : signer && !batchSigned ? 2 : 3);
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
  if (payloadHash !== null && !isHashHex(payloadHash))
    throw new TypeError('evidence payloadHash must be 64 lowercase hex characters');
  if (dataHash !== undefined && dataHash !== null && !isHashHex(dataHash)) {
    throw new TypeError('evidence dataHash must be 64 lowercase hex characters');
  }
  if (salted && !isEvidenceSalt(salt))
    throw new TypeError('evidence salt must be 64 lowercase hex characters');
  if (salted !== (v !== 1))
    throw new TypeError(`evidence leaf v${v} ${salted ? 'takes no' : 'needs a'} salt`);
  if (signer !== undefined && signer !== null) {
    if (typeof signer.did !== 'string') throw new TypeError('evidence signer must have a string did');
    if (v === 3 && !(batchSigned && isEvidenceBatchId(signer.batch)))
      throw new TypeError('a v3 evidence signer names its batch (32 lowercase hex characters)');
    if (v !== 3 && (batchSigned || typeof signer.signature !== 'string'))
      throw new TypeError('a v1/v2 evidence signer must have a string signature');
  }
  return {
    v,
    type,
    enterpriseUuid,
    subjectType,
    subjectId,
    payloadHash:
      payloadHash ?? (salted ? evidenceSaltedPayloadHash(payload, salt) : evidencePayloadHash(payload)),
    ...(dataHash === undefined || dataHash === null ? {} : { dataHash }),
    time,
    ...(signer === undefined || signer === null
      ? {}
      : {
          signer: isBatchSigner(signer)
            ? { batch: signer.batch, did: signer.did }
            : { did: signer.did, signature: signer.signature },
        }),
  };
}

/** Leaf data of an event: the RFC 8785 bytes of {@link evidenceLeaf}. */
export function evidenceLeafData(event: EvidenceEvent): Uint8Array {
  return new TextEncoder().encode(evidenceLeafText(event));
}

/** Leaf data as text (what the platform stores and serves verbatim as `leafData`). */
export function evidenceLeafText(event: EvidenceEvent): string {
  return canonicalLeafText(evidenceLeaf(event));
}

/**
 * The RFC 8785 text of a leaf object as {@link evidenceLeaf} builds it (exactly its members, validated),
 * written member by member in the order RFC 8785 sorts them (`dataHash, enterpriseUuid, payloadHash, signer,
 * subjectId, subjectType, time, type, v`; the signer's `batch, did` or `did, signature`): equal to
 * `canonicalize(leaf)` without its generic sorting and cycle checks, which cost a server appending
 * thousands of leaves a second a good part of its time.
 */
export function canonicalLeafText(leaf: EvidenceLeaf): string {
  let out = '{';
  if (leaf.dataHash !== undefined) out += `"dataHash":${canonicalString(leaf.dataHash)},`;
  out += `"enterpriseUuid":${leaf.enterpriseUuid === null ? 'null' : canonicalString(leaf.enterpriseUuid)}`;
  out += `,"payloadHash":${canonicalString(leaf.payloadHash)}`;
  const signer = leaf.signer;
  if (signer !== undefined) {
    out += isBatchSigner(signer)
      ? `,"signer":{"batch":${canonicalString(signer.batch)},"did":${canonicalString(signer.did)}}`
      : `,"signer":{"did":${canonicalString(signer.did)},"signature":${canonicalString(signer.signature)}}`;
  }
  out += `,"subjectId":${canonicalString(leaf.subjectId)},"subjectType":${canonicalString(leaf.subjectType)}`;
  // A safe integer's ECMAScript form (RFC 8785 3.2.2.3) is its decimal digits.
  out += `,"time":${String(leaf.time)},"type":${canonicalString(leaf.type)},"v":${String(leaf.v)}}`;
  return out;
}

/**
 * The bytes a v2/v3 payload commitment hashes, from the payload's RFC 8785 text (`canonicalize(payload)`)
 * and its salt: `{"payload":<payload>,"salt":"<salt>"}`, equal to `canonicalize({payload, salt})` (RFC 8785
 * sorts "payload" before "salt", and a salt needs no escaping). Lets a server canonicalise a payload once,
 * for the hash and for storage. Throws TypeError for a salt that is not 64 lowercase hex characters.
 */
export function saltedPayloadText(canonicalPayload: string, salt: string): string {
  if (!isEvidenceSalt(salt)) throw new TypeError('evidence salt must be 64 lowercase hex characters');
  return `{"payload":${canonicalPayload},"salt":"${salt}"}`;
}

/** RFC 9162 leaf hash of {@link evidenceLeafData}: the value appended to the Merkle log. */
export function evidenceLeafHash(event: EvidenceEvent): Uint8Array {
  return leafHash(evidenceLeafData(event));
}

/**
 * Reads leaf data served with a proof: the parsed leaf when the text is a v1, v2 or v3 evidence leaf in its
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
  if (leaf.v !== 1 && leaf.v !== 2 && leaf.v !== 3) return null;
  if (!nonEmpty(leaf.type) || !nonEmpty(leaf.subjectType) || !nonEmpty(leaf.subjectId)) return null;
  if (leaf.enterpriseUuid !== null && !nonEmpty(leaf.enterpriseUuid)) return null;
  if (!isHashHex(leaf.payloadHash)) return null;
  if (leaf.dataHash !== undefined && !isHashHex(leaf.dataHash)) return null;
  if (!Number.isSafeInteger(leaf.time)) return null;
  if (leaf.signer !== undefined) {
    const signer = leaf.signer as Record<string, unknown> | null;
    if (typeof signer !== 'object' || signer === null || Array.isArray(signer)) return null;
    if (Object.keys(signer).length !== 2 || !nonEmpty(signer.did)) return null;
    // v3 names its signed batch, v1/v2 carry the signature of the payload hash.
    if (leaf.v === 3 ? !isEvidenceBatchId(signer.batch) : !nonEmpty(signer.signature)) return null;
  }
  return leaf as unknown as EvidenceLeaf;
}
