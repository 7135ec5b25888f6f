/**
 * RFC 9162 section 2.1 Merkle Tree Hash over SHA-256, and an incremental builder that keeps only the roots
 * of the perfect subtrees covering the tree (O(log n) memory), for a sealer appending millions of leaves.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { HASH_SIZE, isHash } from './bytes.ts';

/** SHA-256 of 0x00 || data: the hash of a leaf (RFC 9162 section 2.1.1). */
export function leafHash(data: Uint8Array): Uint8Array {
  const buf = new Uint8Array(1 + data.length);
  buf[0] = 0x00;
  buf.set(data, 1);
  return sha256(buf);
}

/** SHA-256 of 0x01 || left || right: the hash of an interior node (RFC 9162 section 2.1.1). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const buf = new Uint8Array(1 + left.length + right.length);
  buf[0] = 0x01;
  buf.set(left, 1);
  buf.set(right, 1 + left.length);
  return sha256(buf);
}

/** MTH({}) = SHA-256 of the empty string (RFC 9162 section 2.1.1). */
export function emptyRoot(): Uint8Array {
  return sha256(new Uint8Array(0));
}

/** The largest power of two strictly smaller than n, the split point k of RFC 9162 section 2.1.1 (n >= 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Throws RangeError unless value is a safe integer >= min (guards against programmer misuse). */
export function assertIndex(name: string, value: number, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got ${value}`);
  }
}

/** MTH(D[n]) of the given leaf hashes (RFC 9162 section 2.1.1). */
export function rootFromLeafHashes(leafHashes: readonly Uint8Array[]): Uint8Array {
  return leafHashes.length === 0 ? emptyRoot() : subtreeHash(leafHashes, 0, leafHashes.length);
}

/** MTH(D[start:end]) of the given leaf hashes, 0 <= start < end <= leafHashes.length. */
export function subtreeHash(leafHashes: readonly Uint8Array[], start: number, end: number): Uint8Array {
  assertIndex('start', start);
  if (!Number.isSafeInteger(end) || end <= start || end > leafHashes.length) {
    throw new RangeError(`invalid subtree [${start}, ${end}) of ${leafHashes.length} leaves`);
  }
  return mth(leafHashes, start, end);
}

function mth(leafHashes: readonly Uint8Array[], start: number, end: number): Uint8Array {
  if (end - start === 1) return leafAt(leafHashes, start);
  const mid = start + splitPoint(end - start);
  return nodeHash(mth(leafHashes, start, mid), mth(leafHashes, mid, end));
}

function leafAt(leafHashes: readonly Uint8Array[], index: number): Uint8Array {
  const hash = leafHashes[index];
  if (hash === undefined) throw new RangeError(`no leaf hash at index ${index}`);
  return hash;
}

/**
 * Hash of the perfect subtree at (level, index): the subtree of 2^level leaves starting at leaf
 * index * 2^level. Level 0 nodes are the leaf hashes.
 */
export type PerfectSubtreeHash = (level: number, index: number) => Uint8Array;

/**
 * MTH(D[start:end]) assembled from perfect-subtree hashes, following the k-split of RFC 9162 section 2.1.1:
 * lets a server that stores the hashes reported by {@link MerkleTreeBuilder.append} answer any subtree
 * (and so any proof) with O(log n) look-ups.
 */
export function subtreeHashFromPerfect(start: number, end: number, perfect: PerfectSubtreeHash): Uint8Array {
  assertIndex('start', start);
  if (!Number.isSafeInteger(end) || end <= start) throw new RangeError(`invalid subtree [${start}, ${end})`);
  const size = end - start;
  let width = 1;
  let level = 0;
  while (width < size) {
    width *= 2;
    level++;
  }
  if (width === size && start % size === 0) return perfect(level, start / size);
  const mid = start + splitPoint(size);
  return nodeHash(subtreeHashFromPerfect(start, mid, perfect), subtreeHashFromPerfect(mid, end, perfect));
}

/** A perfect subtree completed by an append: 2^level leaves starting at leaf index * 2^level. */
export interface SubtreeNode {
  level: number;
  index: number;
  hash: Uint8Array;
}

/**
 * Append-only Merkle tree in O(log n) memory: keeps the roots ("peaks") of the perfect subtrees that the
 * binary decomposition of the size splits [0, size) into, largest first. The root folds them from the
 * right, which equals MTH because RFC 9162's k-split always puts a perfect left subtree first.
 */
export class MerkleTreeBuilder {
  #size = 0;
  #peaks: Uint8Array[] = [];

  /** Resumes from a persisted state: the size and its peaks (as returned by {@link peaks}), largest first. */
  static fromPeaks(size: number, peaks: readonly Uint8Array[]): MerkleTreeBuilder {
    assertIndex('size', size);
    if (peaks.length !== popCount(size)) {
      throw new RangeError(`a tree of ${size} leaves has ${popCount(size)} peaks, got ${peaks.length}`);
    }
    for (const peak of peaks)
      if (!isHash(peak)) throw new RangeError(`peaks must be ${HASH_SIZE}-byte hashes`);
    const builder = new MerkleTreeBuilder();
    builder.#size = size;
    builder.#peaks = peaks.map((peak) => peak.slice());
    return builder;
  }

  /** Number of leaves appended so far. */
  get size(): number {
    return this.#size;
  }

  /** Copies of the perfect-subtree roots, largest (leftmost) first. */
  peaks(): Uint8Array[] {
    return this.#peaks.map((peak) => peak.slice());
  }

  /**
   * Appends a leaf hash (see {@link leafHash}). onNode, if given, receives every perfect subtree the append
   * completes, from the leaf itself (level 0) upwards, so a caller can store them for proofs.
   */
  append(hash: Uint8Array, onNode?: (node: SubtreeNode) => void): void {
    if (!isHash(hash)) throw new RangeError(`a leaf hash must be ${HASH_SIZE} bytes`);
    let node: Uint8Array = hash.slice();
    let index = this.#size;
    let level = 0;
    onNode?.({ level, index, hash: node });
    // Each trailing 1 bit of the old size is a peak of the same width that now merges with the new node.
    while (index % 2 === 1) {
      const left = this.#peaks.pop();
      if (left === undefined) throw new Error('MerkleTreeBuilder: corrupted state');
      node = nodeHash(left, node);
      index = (index - 1) / 2;
      level++;
      onNode?.({ level, index, hash: node });
    }
    this.#peaks.push(node);
    this.#size++;
  }

  /** MTH of the leaves appended so far, in O(log n). */
  root(): Uint8Array {
    let root: Uint8Array | undefined = this.#peaks.at(-1);
    if (root === undefined) return emptyRoot();
    for (let i = this.#peaks.length - 2; i >= 0; i--) root = nodeHash(this.#peaks[i] as Uint8Array, root);
    return root;
  }
}

function popCount(n: number): number {
  let count = 0;
  for (let rest = n; rest > 0; rest = Math.floor(rest / 2)) count += rest % 2;
  return count;
}
