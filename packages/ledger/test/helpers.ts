/** Shared test fixtures: deterministic pseudo-random data and bit flipping. */
import { readFileSync } from 'node:fs';
import { fromHex } from '../src/index.ts';

/** mulberry32: a small deterministic PRNG, so property tests are reproducible. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBytes(next: () => number, length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(next() * 256));
}

/** A copy of bytes with bit `bit` (0 = most significant bit of byte 0) flipped. */
export function flipBit(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = bytes.slice();
  const byte = Math.floor(bit / 8);
  copy[byte] = (copy[byte] ?? 0) ^ (0x80 >> (bit % 8));
  return copy;
}

export interface MerkleVectors {
  leafInputsHex: string[];
  rootHashByTreeSize: string[];
}

/**
 * fixtures/merkle-vectors.json (a copy of the shared testdata): transparency-dev/merkle testonly leaf inputs and
 * the RFC 6962 roots for tree sizes 0..8.
 */
export function merkleVectors(): { leafInputs: Uint8Array[]; roots: string[] } {
  const url = new URL('./fixtures/merkle-vectors.json', import.meta.url);
  const json = JSON.parse(readFileSync(url, 'utf8')) as MerkleVectors;
  return { leafInputs: json.leafInputsHex.map((h) => fromHex(h)), roots: json.rootHashByTreeSize };
}
