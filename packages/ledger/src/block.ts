/**
 * Signed block headers: each sealed block commits to the Merkle tree (size and RFC 9162 root) and links to
 * the previous block by hash. Header bytes are the RFC 8785 canonical JSON of exactly the five header fields;
 * the signature is Ed25519 (RFC 8032, strict verification) over those bytes.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromHex, hex, isHashHex } from './bytes.ts';
import { canonicalBytes } from './canonical.ts';

export interface BlockHeader {
  /** 0 for the genesis block, then +1 per block. */
  height: number;
  /** blockHash of the previous header; {@link GENESIS_PREV_HASH} for the genesis block. */
  prevHash: string;
  /** Number of leaves in the Merkle tree when the block was sealed. */
  treeSize: number;
  /** RFC 9162 root of that tree, lowercase hex. */
  rootHash: string;
  /** Sealing time, epoch milliseconds. */
  time: number;
}

/** A header as stored and served: with its hash and the platform's signature over it, both lowercase hex. */
export interface SignedBlock {
  header: BlockHeader;
  hash: string;
  signature: string;
}

export type BlockChainResult = { ok: true } | { ok: false; height: number; reason: BlockChainFailure };

export type BlockChainFailure =
  | 'invalid-header'
  | 'hash-mismatch'
  | 'bad-signature'
  | 'height-gap'
  | 'prev-hash-mismatch'
  | 'bad-genesis'
  | 'tree-shrank'
  | 'root-changed';

/** prevHash of the genesis block: 64 zeros. */
export const GENESIS_PREV_HASH = '0'.repeat(64);

/** Why a header is malformed, or undefined for a well-formed one. */
export function blockHeaderProblem(header: BlockHeader): string | undefined {
  if (typeof header !== 'object' || header === null) return 'header is not an object';
  if (!isCount(header.height)) return 'height must be a non-negative integer';
  if (!isHashHex(header.prevHash)) return 'prevHash must be 64 lowercase hex characters';
  if (!isCount(header.treeSize)) return 'treeSize must be a non-negative integer';
  if (!isHashHex(header.rootHash)) return 'rootHash must be 64 lowercase hex characters';
  if (!isCount(header.time)) return 'time must be a non-negative integer (epoch ms)';
  return undefined;
}

/** RFC 8785 canonical bytes of the five header fields (any other property is ignored); throws if malformed. */
export function blockHeaderBytes(header: BlockHeader): Uint8Array {
  const problem = blockHeaderProblem(header);
  if (problem !== undefined) throw new TypeError(`invalid block header: ${problem}`);
  const { height, prevHash, treeSize, rootHash, time } = header;
  return canonicalBytes({ height, prevHash, treeSize, rootHash, time });
}

/** Lowercase hex SHA-256 of {@link blockHeaderBytes}. */
export function blockHash(header: BlockHeader): string {
  return hex(sha256(blockHeaderBytes(header)));
}

/** Ed25519 signature (lowercase hex, 128 characters) over {@link blockHeaderBytes}, with a 32-byte secret key. */
export function signBlock(header: BlockHeader, secretKey: Uint8Array): string {
  return hex(ed25519.sign(blockHeaderBytes(header), secretKey));
}

/** Lowercase hex Ed25519 public key of a 32-byte secret key. */
export function blockPublicKey(secretKey: Uint8Array): string {
  return hex(ed25519.getPublicKey(secretKey));
}

/** True iff signatureHex is a valid Ed25519 signature of the header under publicKeyHex; never throws. */
export function verifyBlockSignature(
  header: BlockHeader,
  signatureHex: string,
  publicKeyHex: string,
): boolean {
  try {
    if (!isHex(signatureHex, 128) || !isHex(publicKeyHex, 64)) return false;
    return ed25519.verify(fromHex(signatureHex), blockHeaderBytes(header), fromHex(publicKeyHex), {
      zip215: false,
    });
  } catch {
    return false;
  }
}

/**
 * Checks a run of consecutive blocks: each header is well-formed, its hash is blockHash(header), its signature
 * verifies, heights increase by one, prevHash is the previous block's hash, and the tree never shrinks (nor
 * changes root at an unchanged size). A run starting at height 0 must start with GENESIS_PREV_HASH; a run
 * starting later is checked from its first block on. Reports the first failure; never throws.
 */
export function verifyBlockChain(blocks: readonly SignedBlock[], publicKeyHex: string): BlockChainResult {
  let previous: SignedBlock | undefined;
  for (const block of blocks) {
    const { header } = block;
    const expectedHeight = previous === undefined ? undefined : previous.header.height + 1;
    const fail = (reason: BlockChainFailure): BlockChainResult => ({
      ok: false,
      height: isCount(header?.height) ? header.height : (expectedHeight ?? -1),
      reason,
    });
    if (blockHeaderProblem(header) !== undefined) return fail('invalid-header');
    if (block.hash !== blockHash(header)) return fail('hash-mismatch');
    if (!verifyBlockSignature(header, block.signature, publicKeyHex)) return fail('bad-signature');
    if (previous === undefined) {
      if (header.height === 0 && header.prevHash !== GENESIS_PREV_HASH) return fail('bad-genesis');
    } else {
      if (header.height !== expectedHeight) return fail('height-gap');
      if (header.prevHash !== previous.hash) return fail('prev-hash-mismatch');
      const before = previous.header;
      if (header.treeSize < before.treeSize) return fail('tree-shrank');
      if (header.treeSize === before.treeSize && header.rootHash !== before.rootHash)
        return fail('root-changed');
    }
    previous = block;
  }
  return { ok: true };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isHex(value: unknown, length: number): value is string {
  return typeof value === 'string' && value.length === length && /^[0-9a-fA-F]*$/.test(value);
}
