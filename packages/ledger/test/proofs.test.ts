import { describe, expect, it } from 'vitest';
import {
  MerkleTreeBuilder,
  consistencyProof,
  consistencyProofFromSubtrees,
  emptyRoot,
  fromHex,
  hex,
  inclusionProof,
  inclusionProofFromSubtrees,
  leafHash,
  nodeHash,
  rootFromLeafHashes,
  splitPoint,
  subtreeHashFromPerfect,
  verifyConsistency,
  verifyInclusion,
} from '../src/index.ts';
import type { SubtreeHashFn } from '../src/index.ts';
import { flipBit, merkleVectors, prng, randomBytes } from './helpers.ts';

const { leafInputs, roots: rootHexes } = merkleVectors();
const leaves = leafInputs.map(leafHash);
const roots = rootHexes.map((h) => fromHex(h));
const root = (size: number): Uint8Array => roots[size] as Uint8Array;
const leaf = (index: number): Uint8Array => leaves[index] as Uint8Array;
const sameHashes = (a: Uint8Array[], b: Uint8Array[]): boolean =>
  a.length === b.length && a.every((hash, i) => hex(hash) === hex(b[i] as Uint8Array));
const someHash = fromHex('abacaba000000000000000000000000000000000000000000060061e00123456');

/** transparency-dev/merkle proof/verify_test.go vectors (leaf indices here are 0-based). */
const inclusionVectors: { index: number; size: number; proof: string[] }[] = [
  { index: 0, size: 1, proof: [] },
  {
    index: 0,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  { index: 2, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    index: 1,
    size: 5,
    proof: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];

const consistencyVectors: { first: number; second: number; proof: string[] }[] = [
  { first: 1, second: 1, proof: [] },
  {
    first: 1,
    second: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    first: 6,
    second: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    first: 2,
    second: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    first: 6,
    second: 7,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

describe('published proof vectors', () => {
  it('generates and verifies the known inclusion proofs', () => {
    for (const { index, size, proof } of inclusionVectors) {
      const label = `leaf ${index} of ${size}`;
      expect(inclusionProof(index, leaves.slice(0, size)).map(hex), label).toEqual(proof);
      expect(verifyInclusion(index, size, leaf(index), proof.map(fromHex), root(size)), label).toBe(true);
    }
  });

  it('rejects corrupted variants of the known inclusion proofs', () => {
    for (const { index, size, proof: proofHex } of inclusionVectors) {
      const proof = proofHex.map(fromHex);
      const r = root(size);
      const l = leaf(index);
      const probes: [string, boolean][] = [
        ['index - 1', verifyInclusion(index - 1, size, l, proof, r)],
        ['index + 1', verifyInclusion(index + 1, size, l, proof, r)],
        ['index ^ 2', verifyInclusion(index ^ 2, size, l, proof, r)],
        ['size * 2', verifyInclusion(index, size * 2, l, proof, r)],
        ['size / 2', verifyInclusion(index, Math.floor(size / 2), l, proof, r)],
        ['wrong leaf', verifyInclusion(index, size, leafHash(new Uint8Array([1, 2])), proof, r)],
        ['short leaf', verifyInclusion(index, size, new TextEncoder().encode('WrongLeaf'), proof, r)],
        ['empty root', verifyInclusion(index, size, l, proof, emptyRoot())],
        ['random root', verifyInclusion(index, size, l, proof, someHash)],
        ['trailing empty', verifyInclusion(index, size, l, [...proof, new Uint8Array(0)], r)],
        ['trailing root', verifyInclusion(index, size, l, [...proof, r], r)],
        ['preceding empty', verifyInclusion(index, size, l, [new Uint8Array(0), ...proof], r)],
        ['preceding root', verifyInclusion(index, size, l, [r, ...proof], r)],
      ];
      proof.forEach((_, i) => {
        const wrong = proof.map((p, j) => (j === i ? flipBit(p, 4) : p));
        probes.push([`flipped proof[${i}]`, verifyInclusion(index, size, l, wrong, r)]);
      });
      if (proof.length > 0) probes.push(['removed', verifyInclusion(index, size, l, proof.slice(0, -1), r)]);
      if (proof.length > 1) {
        const inserted = [proof[0] as Uint8Array, someHash, ...proof.slice(1)];
        probes.push(['inserted', verifyInclusion(index, size, l, inserted, r)]);
      }
      const accepted = probes.filter(([, ok]) => ok).map(([desc]) => desc);
      expect(accepted, `leaf ${index} of ${size}`).toEqual([]);
    }
  });

  it('generates and verifies the known consistency proofs', () => {
    for (const { first, second, proof } of consistencyVectors) {
      const label = `${first} -> ${second}`;
      expect(consistencyProof(first, second, leaves).map(hex), label).toEqual(proof);
      expect(verifyConsistency(first, second, root(first), root(second), proof.map(fromHex)), label).toBe(
        true,
      );
    }
  });

  it('rejects corrupted variants of the known consistency proofs', () => {
    for (const { first, second, proof: proofHex } of consistencyVectors) {
      if (proofHex.length === 0) continue;
      const proof = proofHex.map(fromHex);
      const [r1, r2] = [root(first), root(second)];
      const verify = (m: number, n: number, a: Uint8Array, b: Uint8Array, p: Uint8Array[]): boolean =>
        verifyConsistency(m, n, a, b, p);
      const probes: [string, boolean][] = [
        ['first - 1', verify(first - 1, second, r1, r2, proof)],
        ['first + 1', verify(first + 1, second, r1, r2, proof)],
        ['first ^ 2', verify(first ^ 2, second, r1, r2, proof)],
        ['second * 2', verify(first, second * 2, r1, r2, proof)],
        ['second / 2', verify(first, Math.floor(second / 2), r1, r2, proof)],
        ['wrong first root', verify(first, second, someHash, r2, proof)],
        ['wrong second root', verify(first, second, r1, someHash, proof)],
        ['swapped roots', verify(first, second, r2, r1, proof)],
        ['empty proof', verify(first, second, r1, r2, [])],
        ['trailing empty', verify(first, second, r1, r2, [...proof, new Uint8Array(0)])],
        ['trailing root1', verify(first, second, r1, r2, [...proof, r1])],
        ['trailing root2', verify(first, second, r1, r2, [...proof, r2])],
        ['preceding empty', verify(first, second, r1, r2, [new Uint8Array(0), ...proof])],
        ['preceding root1', verify(first, second, r1, r2, [r1, ...proof])],
        ['preceding root2', verify(first, second, r1, r2, [r2, ...proof])],
        ['preceding proof[0]', verify(first, second, r1, r2, [proof[0] as Uint8Array, ...proof])],
        ['truncated', verify(first, second, r1, r2, proof.slice(0, -1))],
      ];
      proof.forEach((_, i) => {
        const wrong = proof.map((p, j) => (j === i ? flipBit(p, 3) : p));
        probes.push([`flipped proof[${i}]`, verify(first, second, r1, r2, wrong)]);
      });
      const accepted = probes.filter(([, ok]) => ok).map(([desc]) => desc);
      expect(accepted, `${first} -> ${second}`).toEqual([]);
    }
  });

  it('handles the edge cases of sizes and empty proofs', () => {
    const l = leaf(0);
    // A single-leaf tree: the root is the leaf hash and the proof is empty.
    expect(verifyInclusion(0, 1, l, [], l)).toBe(true);
    expect(verifyInclusion(0, 1, l, [], new Uint8Array(0))).toBe(false);
    expect(verifyInclusion(0, 1, new Uint8Array(0), [], l)).toBe(false);
    for (const [index, size] of [
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 1],
      [8, 8],
    ] as const) {
      expect(verifyInclusion(index, size, someHash, [], emptyRoot())).toBe(false);
      expect(verifyInclusion(index, size, someHash, [], someHash)).toBe(false);
    }
    // first == second: valid only with an empty proof and equal roots.
    expect(verifyConsistency(1, 1, root(1), root(1), [])).toBe(true);
    expect(verifyConsistency(5, 5, root(5), root(5), [])).toBe(true);
    expect(verifyConsistency(5, 5, root(5), root(4), [])).toBe(false);
    expect(verifyConsistency(5, 5, root(5), root(5), [root(5)])).toBe(false);
    expect(consistencyProof(5, 5, leaves)).toEqual([]);
    // first == 0 is outside RFC 9162 (0 < first < second); time travel fails too.
    expect(verifyConsistency(0, 0, emptyRoot(), emptyRoot(), [])).toBe(false);
    expect(verifyConsistency(0, 3, emptyRoot(), root(3), [])).toBe(false);
    expect(verifyConsistency(2, 1, root(2), root(1), [])).toBe(false);
    expect(verifyConsistency(1, 2, root(1), root(2), [])).toBe(false);
  });

  it('never throws on malformed verifier input, but generators reject misuse', () => {
    const bad: unknown[] = [-1, 1.5, NaN, Infinity, 2 ** 53, '1', undefined, null];
    for (const value of bad) {
      const n = value as number;
      expect(verifyInclusion(n, 8, leaf(0), [], root(8))).toBe(false);
      expect(verifyInclusion(0, n, leaf(0), [], root(8))).toBe(false);
      expect(verifyConsistency(n, 8, root(1), root(8), [leaf(1)])).toBe(false);
      expect(verifyConsistency(1, n, root(1), root(8), [leaf(1)])).toBe(false);
    }
    const notProofs: unknown[] = [null, undefined, 'proof', [null], ['00'], [new Uint8Array(33)]];
    for (const proof of notProofs) {
      expect(verifyInclusion(0, 8, leaf(0), proof as Uint8Array[], root(8))).toBe(false);
      expect(verifyConsistency(1, 8, root(1), root(8), proof as Uint8Array[])).toBe(false);
    }
    expect(verifyInclusion(0, 8, 'leaf' as unknown as Uint8Array, [], root(8))).toBe(false);
    expect(() => inclusionProof(8, leaves)).toThrow(RangeError);
    expect(() => inclusionProof(-1, leaves)).toThrow(RangeError);
    expect(() => inclusionProof(0, [])).toThrow(RangeError);
    expect(() => inclusionProofFromSubtrees(0, 1.5, () => someHash)).toThrow(RangeError);
    expect(() => consistencyProof(0, 4, leaves)).toThrow(RangeError);
    expect(() => consistencyProof(5, 4, leaves)).toThrow(RangeError);
    expect(() => consistencyProof(1, 9, leaves)).toThrow(RangeError);
    expect(() => consistencyProofFromSubtrees(-1, 4, () => someHash)).toThrow(RangeError);
  });
});

describe('proof properties over random trees', () => {
  const MAX = 300;
  const random = prng(20240601);
  const leafHashes = Array.from({ length: MAX }, (_, i) => leafHash(randomBytes(random, 1 + (i % 37))));
  // Memoised MTH(D[start:end]): every tree here is a prefix of the same leaves, so subtrees are shared.
  const memo = new Map<number, Uint8Array>();
  const cachedSubtree: SubtreeHashFn = (start, end) => {
    if (end - start === 1) return leafHashes[start] as Uint8Array;
    const key = start * 1024 + end;
    let hash = memo.get(key);
    if (hash === undefined) {
      const mid = start + splitPoint(end - start);
      hash = nodeHash(cachedSubtree(start, mid), cachedSubtree(mid, end));
      memo.set(key, hash);
    }
    return hash;
  };
  const treeRoot = (size: number): Uint8Array => (size === 0 ? emptyRoot() : cachedSubtree(0, size));
  const leafOf = (index: number): Uint8Array => leafHashes[index] as Uint8Array;

  it('the memoised subtree hashes agree with rootFromLeafHashes', () => {
    for (let size = 0; size <= MAX; size += 13) {
      expect(treeRoot(size)).toEqual(rootFromLeafHashes(leafHashes.slice(0, size)));
    }
  });

  it('every leaf of every tree of 1..300 leaves verifies; flipped bits, wrong indices and sizes fail', () => {
    const failures: string[] = [];
    const pick = prng(7);
    const bit = (): number => Math.floor(pick() * 256);
    for (let size = 1; size <= MAX; size++) {
      const r = treeRoot(size);
      for (let index = 0; index < size; index++) {
        const l = leafOf(index);
        const proof = inclusionProofFromSubtrees(index, size, cachedSubtree);
        const at = `leaf ${index} of ${size}`;
        if (proof.length > Math.ceil(Math.log2(size))) failures.push(`${at}: proof too long`);
        if (!verifyInclusion(index, size, l, proof, r)) failures.push(`${at}: valid proof rejected`);
        const probes: [string, () => boolean][] = [
          ['flipped leaf', () => verifyInclusion(index, size, flipBit(l, bit()), proof, r)],
          ['flipped root', () => verifyInclusion(index, size, l, proof, flipBit(r, bit()))],
          ['extended proof', () => verifyInclusion(index, size, l, [...proof, someHash], r)],
        ];
        proof.forEach((_, target) => {
          const wrong = (): Uint8Array[] => proof.map((p, i) => (i === target ? flipBit(p, bit()) : p));
          probes.push([`flipped proof[${target}]`, () => verifyInclusion(index, size, l, wrong(), r)]);
        });
        if (proof.length > 0) {
          probes.push(['shortened proof', () => verifyInclusion(index, size, l, proof.slice(1), r)]);
        }
        if (size > 1) {
          // Another position in the same tree.
          const other = (index + 1 + Math.floor(pick() * (size - 1))) % size;
          probes.push([`as index ${other}`, () => verifyInclusion(other, size, l, proof, r)]);
        }
        // The proof must not pass as a proof in a tree of another size (against that tree's root).
        for (const otherSize of [size - 1, size + 1, size * 2]) {
          if (otherSize <= index || otherSize > MAX) continue;
          probes.push([
            `as size ${otherSize}`,
            () => verifyInclusion(index, otherSize, l, proof, treeRoot(otherSize)),
          ]);
        }
        // Every probe for trees up to 64 leaves; above that one probe per leaf, rotating, to bound runtime.
        const chosen =
          size <= 64 ? probes : [probes[(index + size) % probes.length] as [string, () => boolean]];
        for (const [desc, accepted] of chosen) if (accepted()) failures.push(`${at}: ${desc}`);
      }
    }
    expect(failures).toEqual([]);
    // Tens of thousands of proofs: CPU-bound, so give a loaded machine room.
  }, 120_000);

  it('in-memory and subtree-callback generators produce the same proofs', () => {
    for (let size = 1; size <= MAX; size++) {
      const prefix = leafHashes.slice(0, size);
      if (size > 64 && size % 5 !== 0) continue;
      const indices = size <= 64 ? [...Array(size).keys()] : [0, 1, size >> 1, size - 2, size - 1];
      for (const index of indices) {
        expect(inclusionProof(index, prefix)).toEqual(inclusionProofFromSubtrees(index, size, cachedSubtree));
      }
    }
  });

  it('proofs answered from stored perfect subtrees equal the in-memory ones', () => {
    const stored = new Map<string, Uint8Array>();
    const builder = new MerkleTreeBuilder();
    for (const l of leafHashes)
      builder.append(l, (node) => stored.set(`${node.level}:${node.index}`, node.hash));
    const fromStore: SubtreeHashFn = (start, end) =>
      subtreeHashFromPerfect(start, end, (level, index) => {
        const hash = stored.get(`${level}:${index}`);
        if (hash === undefined) throw new Error(`missing ${level}:${index}`);
        return hash;
      });
    for (let size = 1; size <= MAX; size += 7) {
      for (const index of [0, size >> 2, size >> 1, size - 1]) {
        expect(inclusionProofFromSubtrees(index, size, fromStore)).toEqual(
          inclusionProofFromSubtrees(index, size, cachedSubtree),
        );
      }
      for (const first of [1, size >> 1, size - 1, size]) {
        if (first < 1) continue;
        expect(consistencyProofFromSubtrees(first, size, fromStore)).toEqual(
          consistencyProof(first, size, leafHashes),
        );
      }
    }
  });

  it('every pair 1 <= m <= n <= 64 has a verifying consistency proof; flipped bits fail', () => {
    const failures: string[] = [];
    const pick = prng(11);
    const bit = (): number => Math.floor(pick() * 256);
    for (let second = 1; second <= 64; second++) {
      const r2 = treeRoot(second);
      for (let first = 1; first <= second; first++) {
        const r1 = treeRoot(first);
        const at = `${first} -> ${second}`;
        const proof = consistencyProofFromSubtrees(first, second, cachedSubtree);
        if (!sameHashes(proof, consistencyProof(first, second, leafHashes))) {
          failures.push(`${at}: generators disagree`);
        }
        if (!verifyConsistency(first, second, r1, r2, proof)) failures.push(`${at}: valid proof rejected`);
        if (verifyConsistency(first, second, flipBit(r1, bit()), r2, proof))
          failures.push(`${at}: first root`);
        if (verifyConsistency(first, second, r1, flipBit(r2, bit()), proof))
          failures.push(`${at}: second root`);
        for (let i = 0; i < proof.length; i++) {
          const wrong = proof.map((p, j) => (j === i ? flipBit(p, bit()) : p));
          if (verifyConsistency(first, second, r1, r2, wrong)) failures.push(`${at}: flipped proof[${i}]`);
        }
        if (proof.length > 0 && verifyConsistency(first, second, r1, r2, proof.slice(0, -1))) {
          failures.push(`${at}: truncated proof accepted`);
        }
        if (verifyConsistency(first, second, r1, r2, [...proof, someHash])) failures.push(`${at}: extended`);
        // Claiming another old size (with that tree's root) fails.
        for (const otherFirst of [first - 1, first + 1]) {
          if (otherFirst < 1 || otherFirst > second || otherFirst === first) continue;
          if (verifyConsistency(otherFirst, second, treeRoot(otherFirst), r2, proof)) {
            failures.push(`${at}: accepted as ${otherFirst} -> ${second}`);
          }
        }
        // A tree that does not extend the old one (same size, different leaves) fails.
        if (first < second) {
          const forked = [...leafHashes.slice(0, first), ...leafHashes.slice(first + 100, second + 100)];
          forked[first - 1] = leafHash(Uint8Array.of(first));
          if (verifyConsistency(first, second, r1, rootFromLeafHashes(forked), proof)) {
            failures.push(`${at}: forked tree accepted`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
