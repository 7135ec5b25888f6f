/**
 * v3 batch signatures (docs/evidence-format.md section 2a): an enterprise signs once per batch of its events
 * instead of once per event. The batch is the ordered list of its events' leaf hashes; the enterprise signs
 * (secp256k1, as signer.ts) the SHA-256 of the RFC 8785 statement
 * `{"batch": <id>, "did": <did>, "root": <RFC 9162 MTH of the leaf hashes>, "size": <n>, "v": 3}`. Each v3
 * leaf names its batch (`signer: {batch, did}`), and a proof carries the leaf's RFC 9162 inclusion path in
 * the batch tree with the root, size and signature, so a verifier checks that the signature covers the leaf.
 * A leaf names its batch id before the batch is signed, so the batch's leaf hashes can include it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { fromHex, hex, isHashHex } from './bytes.ts';
import { canonicalBytes } from './canonical.ts';
import { rootFromLeafHashes } from './merkle.ts';
import { inclusionProof, verifyInclusion } from './proofs.ts';
import { signPayloadHash, verifyPayloadSignature } from './signer.ts';

/** Size of a batch id in bytes; its text form is 32 lowercase hex characters. */
export const EVIDENCE_BATCH_ID_BYTES = 16;
/** The statement format an enterprise signs for a batch. */
export const EVIDENCE_BATCH_VERSION = 3;

const BATCH_ID = /^[0-9a-f]{32}$/;

/** A fresh batch id: 16 CSPRNG bytes, lowercase hex (unguessable, so one batch cannot claim another's leaves). */
export function newEvidenceBatchId(): string {
  return hex(randomBytes(EVIDENCE_BATCH_ID_BYTES));
}

/** True for a batch id in its text form: 32 lowercase hex characters. */
export function isEvidenceBatchId(value: unknown): value is string {
  return typeof value === 'string' && BATCH_ID.test(value);
}

/** What the enterprise signs for a batch (hashed as its RFC 8785 bytes). */
export interface EvidenceBatchStatement {
  batch: string;
  did: string;
  /** RFC 9162 MTH of the batch's leaf hashes, lowercase hex. */
  root: string;
  /** Number of leaves in the batch (>= 1). */
  size: number;
  v: 3;
}

/**
 * The 32-byte digest the enterprise signs, lowercase hex: SHA-256 of the statement's RFC 8785 bytes, that is
 * of `{"batch":"<id>","did":"<did>","root":"<hex>","size":<n>,"v":3}`.
 */
export function evidenceBatchDigest(statement: EvidenceBatchStatement): string {
  return hex(
    sha256(
      canonicalBytes({
        batch: statement.batch,
        did: statement.did,
        root: statement.root,
        size: statement.size,
        v: statement.v,
      }),
    ),
  );
}

/** A signed batch: its statement and the enterprise's recoverable secp256k1 signature of its digest. */
export interface SignedEvidenceBatch extends EvidenceBatchStatement {
  signature: string;
}

/**
 * Signs a batch of leaf hashes (in their batch order) with the enterprise's secp256k1 key. Throws TypeError
 * for a malformed id or an empty batch.
 */
export function signEvidenceBatch(
  batch: string,
  did: string,
  leafHashes: readonly Uint8Array[],
  secretKey: Uint8Array,
): SignedEvidenceBatch {
  if (!isEvidenceBatchId(batch)) throw new TypeError('evidence batch id must be 32 lowercase hex characters');
  if (leafHashes.length === 0) throw new TypeError('an evidence batch has at least one leaf');
  const statement: EvidenceBatchStatement = {
    batch,
    did,
    root: hex(rootFromLeafHashes(leafHashes)),
    size: leafHashes.length,
    v: EVIDENCE_BATCH_VERSION,
  };
  return { ...statement, signature: signPayloadHash(evidenceBatchDigest(statement), secretKey) };
}

/** What a proof carries so a verifier checks that the batch signature covers its leaf. */
export interface EvidenceBatchProof {
  /** The batch id the leaf names (`signer.batch`). */
  id: string;
  did: string;
  /** Number of leaves in the batch. */
  size: number;
  /** The leaf's position in the batch (0-based). */
  index: number;
  /** RFC 9162 MTH of the batch's leaf hashes. */
  rootHash: string;
  /** RFC 9162 2.1.3 inclusion path of the leaf in the batch tree, lowercase hex, leaf to root. */
  auditPath: string[];
  /** The enterprise's recoverable secp256k1 signature of {@link evidenceBatchDigest}. */
  signature: string;
}

/** The batch proof of the leaf at `index` of a signed batch whose leaf hashes are given in order. */
export function evidenceBatchProof(
  batch: SignedEvidenceBatch,
  leafHashes: readonly Uint8Array[],
  index: number,
): EvidenceBatchProof {
  return {
    id: batch.batch,
    did: batch.did,
    size: batch.size,
    index,
    rootHash: batch.root,
    auditPath: inclusionProof(index, leafHashes).map(hex),
    signature: batch.signature,
  };
}

/**
 * Whether a batch proof shows that the enterprise of `did` signed the leaf of `leafHashHex` in batch
 * `batch`: the ids and DIDs agree, the path leads from the leaf to the batch root (RFC 9162 2.1.3.2) and
 * the signature of the statement recovers to the DID's address. Never throws.
 */
export function verifyEvidenceBatch(
  signer: { did: string; batch: string },
  leafHashHex: string,
  proof: EvidenceBatchProof,
): boolean {
  try {
    if (!isEvidenceBatchId(proof.id) || proof.id !== signer.batch || proof.did !== signer.did) return false;
    if (!isHashHex(leafHashHex) || !isHashHex(proof.rootHash) || !proof.auditPath.every(isHashHex))
      return false;
    if (!Number.isSafeInteger(proof.size) || proof.size < 1) return false;
    if (
      !verifyInclusion(
        proof.index,
        proof.size,
        fromHex(leafHashHex),
        proof.auditPath.map(fromHex),
        fromHex(proof.rootHash),
      )
    )
      return false;
    const digest = evidenceBatchDigest({
      batch: proof.id,
      did: proof.did,
      root: proof.rootHash,
      size: proof.size,
      v: EVIDENCE_BATCH_VERSION,
    });
    return verifyPayloadSignature(digest, proof.signature, proof.did);
  } catch {
    return false;
  }
}
