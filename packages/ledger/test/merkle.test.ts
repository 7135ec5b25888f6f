import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  MerkleTreeBuilder,
  emptyRoot,
  fromHex,
  hex,
  leafHash,
  nodeHash,
  rootFromLeafHashes,
  splitPoint,
  subtreeHash,
  subtreeHashFromPerfect,
} from '../src/index.ts';
import type { SubtreeNode } from '../src/index.ts';
import { merkleVectors, prng, randomBytes } from './helpers.ts';

const { leafInputs, roots } = merkleVectors();
const vectorLeaves = leafInputs.map(leafHash);

const random = prng(0x5eed);
const leaves300 = Array.from({ length: 300 }, (_, i) => leafHash(randomBytes(random, i % 50)));

describe('RFC 9162 hashing', () => {
  it('domain-separates leaves (0x00) and nodes (0x01)', () => {
    const data = fromHex('abcd');
    expect(leafHash(data)).toEqual(sha256(fromHex('00abcd')));
    const a = sha256(fromHex('01'));
    const b = sha256(fromHex('02'));
    expect(nodeHash(a, b)).toEqual(sha256(Uint8Array.from([1, ...a, ...b])));
    expect(hex(emptyRoot())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('matches the published root for every tree size 0..8', () => {
    expect(roots).toHaveLength(9);
    for (let size = 0; size <= 8; size++) {
      expect(hex(rootFromLeafHashes(vectorLeaves.slice(0, size))), `size ${size}`).toBe(roots[size]);
    }
  });

  it('splits at the largest power of two below n', () => {
    const cases: [number, number][] = [
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 4],
      [8, 4],
      [9, 8],
      [2 ** 40 + 1, 2 ** 40],
    ];
    for (const [n, k] of cases) expect(splitPoint(n)).toBe(k);
  });

  it('rejects out-of-range subtrees', () => {
    expect(() => subtreeHash(vectorLeaves, 0, 0)).toThrow(RangeError);
    expect(() => subtreeHash(vectorLeaves, 3, 9)).toThrow(RangeError);
    expect(() => subtreeHash(vectorLeaves, -1, 2)).toThrow(RangeError);
  });
});

describe('MerkleTreeBuilder', () => {
  it('gives the same root as rootFromLeafHashes for every size 0..300', () => {
    const builder = new MerkleTreeBuilder();
    expect(builder.root()).toEqual(emptyRoot());
    for (let size = 1; size <= 300; size++) {
      builder.append(leaves300[size - 1] as Uint8Array);
      expect(builder.size).toBe(size);
      expect(hex(builder.root()), `size ${size}`).toBe(hex(rootFromLeafHashes(leaves300.slice(0, size))));
      // One peak per set bit of the size: O(log n) memory.
      expect(builder.peaks()).toHaveLength(size.toString(2).replaceAll('0', '').length);
    }
  });

  it('matches the published roots', () => {
    const builder = new MerkleTreeBuilder();
    expect(hex(builder.root())).toBe(roots[0]);
    vectorLeaves.forEach((leaf, i) => {
      builder.append(leaf);
      expect(hex(builder.root())).toBe(roots[i + 1]);
    });
  });

  it('resumes from persisted peaks', () => {
    const builder = new MerkleTreeBuilder();
    for (const leaf of leaves300.slice(0, 77)) builder.append(leaf);
    const resumed = MerkleTreeBuilder.fromPeaks(builder.size, builder.peaks());
    for (const leaf of leaves300.slice(77, 200)) resumed.append(leaf);
    expect(resumed.root()).toEqual(rootFromLeafHashes(leaves300.slice(0, 200)));
    expect(() => MerkleTreeBuilder.fromPeaks(77, builder.peaks().slice(1))).toThrow(RangeError);
    expect(() => MerkleTreeBuilder.fromPeaks(-1, [])).toThrow(RangeError);
    expect(() => new MerkleTreeBuilder().append(new Uint8Array(31))).toThrow(RangeError);
  });

  it('reports every completed perfect subtree, which rebuild any subtree hash', () => {
    const nodes = new Map<string, Uint8Array>();
    const seen: SubtreeNode[] = [];
    const builder = new MerkleTreeBuilder();
    for (const leaf of leaves300.slice(0, 100)) {
      builder.append(leaf, (node) => {
        seen.push(node);
        nodes.set(`${node.level}:${node.index}`, node.hash);
      });
    }
    // 100 leaves complete 100 + 50 + 25 + 12 + 6 + 3 + 1 perfect subtrees.
    expect(seen).toHaveLength(197);
    for (const { level, index, hash } of seen) {
      const width = 2 ** level;
      expect(hash).toEqual(subtreeHash(leaves300, index * width, (index + 1) * width));
    }
    const perfect = (level: number, index: number): Uint8Array => {
      const hash = nodes.get(`${level}:${index}`);
      if (hash === undefined) throw new Error(`missing perfect subtree ${level}:${index}`);
      return hash;
    };
    for (let start = 0; start < 100; start += 7) {
      for (let end = start + 1; end <= 100; end += 3) {
        expect(subtreeHashFromPerfect(start, end, perfect)).toEqual(subtreeHash(leaves300, start, end));
      }
    }
  });
});
