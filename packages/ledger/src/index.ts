/**
 * The verifiable evidence log: canonical hashing, RFC 9162 Merkle trees, inclusion and consistency
 * proofs, signed block headers. Pure functions without I/O so the same code runs in Node and the browser.
 */
export const LEDGER_HASH_ALGORITHM = 'sha-256';

export { HASH_SIZE, bytesEqual, fromHex, hex, isHash, isHashHex } from './bytes.ts';
export { canonicalBytes, canonicalize, canonicalString } from './canonical.ts';
export {
  MerkleTreeBuilder,
  emptyRoot,
  leafHash,
  nodeHash,
  rootFromLeafHashes,
  splitPoint,
  subtreeHash,
  subtreeHashFromPerfect,
} from './merkle.ts';
export type { PerfectSubtreeHash, SubtreeNode } from './merkle.ts';
export {
  consistencyProof,
  consistencyProofFromSubtrees,
  inclusionProof,
  inclusionProofFromSubtrees,
  verifyConsistency,
  verifyInclusion,
} from './proofs.ts';
export type { SubtreeHashFn } from './proofs.ts';
export {
  GENESIS_PREV_HASH,
  blockHash,
  blockHeaderBytes,
  blockHeaderProblem,
  blockPublicKey,
  signBlock,
  verifyBlockChain,
  verifyBlockSignature,
} from './block.ts';
export type { BlockChainFailure, BlockChainResult, BlockHeader, SignedBlock } from './block.ts';
export {
  EVIDENCE_LEAF_VERSION,
  EVIDENCE_SALT_BYTES,
  canonicalLeafText,
  evidenceLeaf,
  evidenceLeafData,
  evidenceLeafHash,
  evidenceLeafOfCommitment,
  evidenceLeafText,
  evidencePayloadCommitment,
  evidencePayloadHash,
  evidenceSaltedPayloadHash,
  saltedPayloadText,
  isBatchSigner,
  isEvidenceSalt,
  newEvidenceSalt,
  parseEvidenceLeaf,
  verifyEvidencePayload,
} from './evidence.ts';
export type {
  EvidenceBatchSigner,
  EvidenceEvent,
  EvidenceEventSigner,
  EvidenceLeaf,
  EvidenceLeafVersion,
  EvidenceSigner,
} from './evidence.ts';
export {
  EVIDENCE_BATCH_ID_BYTES,
  EVIDENCE_BATCH_VERSION,
  evidenceBatchDigest,
  evidenceBatchProof,
  isEvidenceBatchId,
  newEvidenceBatchId,
  signEvidenceBatch,
  verifyEvidenceBatch,
} from './batch.ts';
export type { EvidenceBatchProof, EvidenceBatchStatement, SignedEvidenceBatch } from './batch.ts';
export {
  addressOfPublicKey,
  ethrDidAddress,
  recoverPayloadSigner,
  signPayloadHash,
  verifyPayloadSignature,
} from './signer.ts';
export {
  DATA_INTEGRITY_PROOF,
  EDDSA_JCS_2022,
  base58btc,
  didKeyDocument,
  didKeyVerificationMethod,
  ed25519DidKey,
  ed25519KeyOfDidKey,
  ed25519Multikey,
  fromBase58btc,
  signCredential,
  verifyCredential,
} from './credential.ts';
export type { DataIntegrityProof } from './credential.ts';
