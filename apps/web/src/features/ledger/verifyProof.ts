import {
  blockHash,
  canonicalize,
  fromHex,
  hex,
  isBatchSigner,
  isHashHex,
  leafHash,
  parseEvidenceLeaf,
  verifyBlockSignature,
  verifyEvidenceBatch,
  verifyEvidencePayload,
  verifyInclusion,
  verifyPayloadSignature,
  type EvidenceLeaf,
} from '@tracehub/ledger';
import type { TInclusionProof } from '@tracehub/contract';

/**
 * The checks the browser runs on an inclusion proof, in the order a verifier reasons:
 * - `record`: the record's canonical data (RFC 8785) hashes to the proof's leaf hash (RFC 9162 leaf prefix);
 * - `query`: the record is the one asked for (its leaf hash, or the data hash it names, e.g. a file's SHA-256);
 * - `inclusion`: the audit path leads from that leaf to the block's Merkle root (RFC 9162 2.1.3.2);
 * - `blockHash`: the block hash is the SHA-256 of the header's RFC 8785 bytes;
 * - `signature`: the header carries a valid Ed25519 signature by the platform key.
 * A record an enterprise signed also gets `signer`: its secp256k1 signature recovers to its DID's address
 * (v1/v2: a signature of the payload hash; v3: of its batch, whose tree the proof's batch path shows to
 * hold the leaf).
 * `payload` applies when the record's content was given (a member who may see the record, /graph/getEvidence):
 * the content with its salt hashes to the leaf's payloadHash (v2/v3; v1: the content alone).
 */
export const PROOF_CHECKS = [
  'record',
  'query',
  'inclusion',
  'blockHash',
  'signature',
  'signer',
  'payload',
] as const;
export type TProofCheck = (typeof PROOF_CHECKS)[number];

export interface TProofVerification {
  /** True only when every applicable check passed. */
  ok: boolean;
  /** Each check's result; null when it does not apply (an unsigned record has no `signer` check). */
  checks: Record<TProofCheck, boolean | null>;
  /** The leaf hash recomputed from the record's data, or null when the data could not be hashed. */
  computedLeafHash: string | null;
  /** The block hash recomputed from the header, or null for a malformed header. */
  computedBlockHash: string | null;
}

/** The evidence leaf a proof's data holds (packages/ledger, v1, v2 or v3), or null when it is not one. */
export type TLeafEvent = EvidenceLeaf;
export const leafEvent = (leafData: string): TLeafEvent | null => parseEvidenceLeaf(leafData);

/** A record's content as its owner's members receive it: the payload and its salt (null for a v1 leaf). */
export interface TRecordContent {
  payload: unknown;
  salt: string | null;
}

const utf8 = new TextEncoder();

/** Whether the proven record is the one a hash names: its leaf hash (txHash), or the data hash it carries. */
function matchesQuery(leaf: TLeafEvent | null, leafHashHex: string | null, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (!isHashHex(wanted)) return false;
  return leafHashHex === wanted || leaf?.dataHash === wanted;
}

function safe<T>(compute: () => T, fallback: T): T {
  try {
    return compute();
  } catch {
    return fallback;
  }
}

/**
 * Verifies an inclusion proof in the browser with the ledger's own code: recomputes the leaf hash from the
 * record, walks the audit path to the block's root, recomputes the block hash and checks the platform's
 * signature. The server's claims (leafHash, block.hash) are compared, never trusted. Never throws.
 *
 * @param query the hash the user asked about; omitted, the record is taken as the one asked for.
 * @param content the record's payload and salt (null for a v1 leaf), when the caller may see the record.
 */
export function verifyProof(
  proof: TInclusionProof,
  platformPublicKey: string,
  query?: string,
  content?: TRecordContent | null,
): TProofVerification {
  const header = proof.block.header;
  const computedLeafHash = safe(() => hex(leafHash(utf8.encode(proof.leafData))), null);
  // The stored data must also be the canonical form, or two texts could stand for one record.
  const canonical = safe(() => canonicalize(JSON.parse(proof.leafData)) === proof.leafData, false);
  const record = computedLeafHash !== null && canonical && computedLeafHash === proof.leafHash;

  const inclusion =
    computedLeafHash !== null &&
    proof.treeSize === header.treeSize &&
    proof.rootHash === header.rootHash &&
    safe(
      () =>
        verifyInclusion(
          proof.leafIndex,
          header.treeSize,
          fromHex(computedLeafHash),
          proof.auditPath.map((node) => fromHex(node)),
          fromHex(header.rootHash),
        ),
      false,
    );

  const computedBlockHash = safe(() => blockHash(header), null);
  const leaf = leafEvent(proof.leafData);
  const signer = leaf?.signer;
  const checks: Record<TProofCheck, boolean | null> = {
    record,
    query: query === undefined ? true : matchesQuery(leaf, computedLeafHash, query),
    inclusion,
    blockHash: computedBlockHash !== null && computedBlockHash === proof.block.hash,
    signature: verifyBlockSignature(header, proof.block.signature, platformPublicKey),
    signer:
      signer && leaf
        ? isBatchSigner(signer)
          ? computedLeafHash !== null &&
            proof.batch !== null &&
            verifyEvidenceBatch(signer, computedLeafHash, proof.batch)
          : verifyPayloadSignature(leaf.payloadHash, signer.signature, signer.did)
        : null,
    // Checked against the publicly proven leaf, never against what the content's answer says of itself.
    payload: content ? leaf !== null && verifyEvidencePayload(leaf, content.payload, content.salt) : null,
  };
  return {
    ok: PROOF_CHECKS.every((check) => checks[check] !== false),
    checks,
    computedLeafHash,
    computedBlockHash,
  };
}

/** Lowercase hex SHA-256 of a file's bytes, computed by the browser (Web Crypto). */
export async function sha256OfFile(file: Blob): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error('Web Crypto is not available');
  const digest = await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return hex(new Uint8Array(digest));
}
