/**
 * RFC 9162 section 2.1.3 inclusion proofs and section 2.1.4 consistency proofs: generation (from leaf hashes in
 * memory, or from a subtree-hash callback a server answers from storage) and verification.
 *
 * Generators throw RangeError on misuse (sizes out of range). Verifiers never throw: any malformed input
 * (bad sizes, hashes that are not 32 bytes, wrong proof length) simply fails verification.
 */
import { bytesEqual, isHash } from './bytes.ts';
import { assertIndex, nodeHash, splitPoint, subtreeHash } from './merkle.ts';

/** Returns MTH(D[start:end]) for 0 <= start < end <= tree size. */
export type SubtreeHashFn = (start: number, end: number) => Uint8Array;

/** PATH(m, D[n]) of RFC 9162 section 2.1.3.1, computed over the given leaf hashes (n = leafHashes.length). */
export function inclusionProof(leafIndex: number, leafHashes: readonly Uint8Array[]): Uint8Array[] {
  return inclusionProofFromSubtrees(leafIndex, leafHashes.length, inMemory(leafHashes));
}

/** PATH(m, D[n]) of RFC 9162 section 2.1.3.1, asking subtreeHash for the O(log n) subtree hashes it needs. */
export function inclusionProofFromSubtrees(
  leafIndex: number,
  treeSize: number,
  subtreeHash: SubtreeHashFn,
): Uint8Array[] {
  assertIndex('leafIndex', leafIndex);
  assertIndex('treeSize', treeSize, leafIndex + 1);
  // Walk down from the root; each step appends the sibling subtree, so the path comes out root-first.
  const path: Uint8Array[] = [];
  let start = 0;
  let end = treeSize;
  while (end - start > 1) {
    const mid = start + splitPoint(end - start);
    if (leafIndex < mid) {
      path.push(subtreeHash(mid, end)); // PATH(m, D[0:k]) : MTH(D[k:n])
      end = mid;
    } else {
      path.push(subtreeHash(start, mid)); // PATH(m - k, D[k:n]) : MTH(D[0:k])
      start = mid;
    }
  }
  return path.reverse();
}

/**
 * Verifies an inclusion proof exactly as RFC 9162 section 2.1.3.2: true iff leafHash is the leaf at
 * leafIndex of the tree of treeSize leaves whose root is rootHash.
 */
export function verifyInclusion(
  leafIndex: number,
  treeSize: number,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
  rootHash: Uint8Array,
): boolean {
  if (!isSize(leafIndex) || !isSize(treeSize) || !isHash(leafHash) || !isHash(rootHash)) return false;
  if (!Array.isArray(proof) || !proof.every(isHash)) return false;
  // 1. If leaf_index is greater than or equal to tree_size, fail.
  if (leafIndex >= treeSize) return false;
  // 2. Set fn to leaf_index and sn to tree_size - 1. 3. Set r to hash.
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  // 4. For each value p in the inclusion_path array:
  for (const p of proof) {
    // a. If sn is 0, stop and fail.
    if (sn === 0) return false;
    // b. If LSB(fn) is set, or if fn is equal to sn:
    if (lsb(fn) || fn === sn) {
      r = nodeHash(p, r);
      // If LSB(fn) is not set, right-shift fn and sn equally until either LSB(fn) is set or fn is 0.
      if (!lsb(fn)) {
        while (!lsb(fn) && fn !== 0) {
          fn = shift(fn);
          sn = shift(sn);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    // c. Right-shift both fn and sn one time.
    fn = shift(fn);
    sn = shift(sn);
  }
  // 5. The proof holds iff sn is 0 and r equals root_hash.
  return sn === 0 && bytesEqual(r, rootHash);
}

/**
 * PROOF(m, D[n]) of RFC 9162 section 2.1.4.1 between the trees of the first `first` and `second` leaf hashes
 * (0 < first <= second <= leafHashes.length); empty when first == second.
 */
export function consistencyProof(
  first: number,
  second: number,
  leafHashes: readonly Uint8Array[],
): Uint8Array[] {
  assertIndex('second', second);
  if (second > leafHashes.length) {
    throw new RangeError(`second (${second}) exceeds the ${leafHashes.length} leaf hashes given`);
  }
  return consistencyProofFromSubtrees(first, second, inMemory(leafHashes));
}

/** PROOF(m, D[n]) of RFC 9162 section 2.1.4.1, asking subtreeHash for the subtree hashes it needs. */
export function consistencyProofFromSubtrees(
  first: number,
  second: number,
  subtreeHash: SubtreeHashFn,
): Uint8Array[] {
  assertIndex('first', first, 1);
  assertIndex('second', second, first);
  // SUBPROOF(m, D[start:end], b), unrolled: walk down, appending one hash per level, then reverse.
  const proof: Uint8Array[] = [];
  let start = 0;
  let end = second;
  let complete = true; // b: whether MTH(D[0:m]) of the current subtree is already known to the verifier
  while (first < end) {
    const mid = start + splitPoint(end - start);
    if (first <= mid) {
      proof.push(subtreeHash(mid, end)); // SUBPROOF(m, D[0:k], b) : MTH(D[k:n])
      end = mid;
    } else {
      proof.push(subtreeHash(start, mid)); // SUBPROOF(m - k, D[k:n], false) : MTH(D[0:k])
      start = mid;
      complete = false;
    }
  }
  // first == end: SUBPROOF(m, D[m], true) = {} and SUBPROOF(m, D[m], false) = {MTH(D[m])}.
  if (!complete && start < end) proof.push(subtreeHash(start, end));
  return proof.reverse();
}

/**
 * Verifies a consistency proof exactly as RFC 9162 section 2.1.4.2: true iff the tree of `second` leaves
 * with root secondRoot extends the tree of `first` leaves with root firstRoot. The RFC defines proofs for
 * 0 < first < second; first == second holds with an empty proof and equal roots; first == 0 is rejected.
 */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!isSize(first) || !isSize(second) || !isHash(firstRoot) || !isHash(secondRoot)) return false;
  if (!Array.isArray(proof) || !proof.every(isHash)) return false;
  if (first === 0 || first > second) return false;
  if (first === second) return proof.length === 0 && bytesEqual(firstRoot, secondRoot);
  // 1. If consistency_path is an empty array, fail.
  if (proof.length === 0) return false;
  // 2. If first is an exact power of 2, prepend first_hash to consistency_path.
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  // 3. Set fn to first - 1 and sn to second - 1.
  let fn = first - 1;
  let sn = second - 1;
  // 4. If LSB(fn) is set, right-shift fn and sn equally until LSB(fn) is not set.
  while (lsb(fn)) {
    fn = shift(fn);
    sn = shift(sn);
  }
  // 5. Set both fr and sr to the first value in consistency_path.
  let fr = path[0] as Uint8Array;
  let sr = fr;
  // 6. For each subsequent value c in consistency_path:
  for (let i = 1; i < path.length; i++) {
    const c = path[i] as Uint8Array;
    // a. If sn is 0, stop and fail.
    if (sn === 0) return false;
    // b. If LSB(fn) is set, or if fn is equal to sn:
    if (lsb(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      // If LSB(fn) is not set, right-shift fn and sn equally until either LSB(fn) is set or fn is 0.
      if (!lsb(fn)) {
        while (!lsb(fn) && fn !== 0) {
          fn = shift(fn);
          sn = shift(sn);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    // c. Right-shift both fn and sn one time.
    fn = shift(fn);
    sn = shift(sn);
  }
  // 7. fr must equal first_hash, sr must equal second_hash, and sn must be 0.
  return sn === 0 && bytesEqual(fr, firstRoot) && bytesEqual(sr, secondRoot);
}

function inMemory(leafHashes: readonly Uint8Array[]): SubtreeHashFn {
  return (start, end) => subtreeHash(leafHashes, start, end);
}

// Sizes are JavaScript numbers, so bits are taken arithmetically (valid up to 2^53, unlike 32-bit operators).
function isSize(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function lsb(value: number): boolean {
  return value % 2 === 1;
}

function shift(value: number): number {
  return Math.floor(value / 2);
}

function isPowerOfTwo(value: number): boolean {
  let rest = value;
  while (rest > 1 && rest % 2 === 0) rest /= 2;
  return rest === 1;
}
