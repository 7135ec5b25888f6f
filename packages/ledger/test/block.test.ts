import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_PREV_HASH,
  blockHash,
  blockHeaderBytes,
  blockPublicKey,
  fromHex,
  hex,
  signBlock,
  verifyBlockChain,
  verifyBlockSignature,
} from '../src/index.ts';
import type { BlockHeader, SignedBlock } from '../src/index.ts';

// RFC 8032 section 7.1, TEST 1: a fixed key pair, so signatures are reproducible.
const secretKey = fromHex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const publicKey = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const otherKey = blockPublicKey(fromHex('4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb'));

const root = (n: number): string => hex(sha256(Uint8Array.of(n)));
const genesis: BlockHeader = {
  height: 0,
  prevHash: GENESIS_PREV_HASH,
  treeSize: 3,
  rootHash: root(3),
  time: 1.7e12,
};

function seal(header: BlockHeader): SignedBlock {
  return { header, hash: blockHash(header), signature: signBlock(header, secretKey) };
}

function chain(length: number): SignedBlock[] {
  const blocks = [seal(genesis)];
  for (let height = 1; height < length; height++) {
    const previous = blocks[height - 1] as SignedBlock;
    const treeSize = previous.header.treeSize + height;
    const header = {
      height,
      prevHash: previous.hash,
      treeSize,
      rootHash: root(treeSize),
      time: 1.7e12 + height,
    };
    blocks.push(seal(header));
  }
  return blocks;
}

describe('block headers', () => {
  it('derives the RFC 8032 test public key', () => {
    expect(blockPublicKey(secretKey)).toBe(publicKey);
  });

  it('hashes the canonical JSON of exactly the five header fields', () => {
    const text = new TextDecoder().decode(blockHeaderBytes(genesis));
    expect(text).toBe(
      `{"height":0,"prevHash":"${'0'.repeat(64)}","rootHash":"${root(3)}","time":1700000000000,"treeSize":3}`,
    );
    expect(blockHash(genesis)).toBe(hex(sha256(new TextEncoder().encode(text))));
    expect(blockHash(genesis)).toMatch(/^[0-9a-f]{64}$/);
    const extended = { ...genesis, note: 'ignored' } as BlockHeader;
    expect(blockHash(extended)).toBe(blockHash(genesis));
  });

  it('rejects malformed headers', () => {
    const bad: Partial<Record<keyof BlockHeader, unknown>>[] = [
      { height: -1 },
      { height: 1.5 },
      { prevHash: 'ab' },
      { prevHash: GENESIS_PREV_HASH.toUpperCase().replace(/0$/, 'A') },
      { rootHash: root(3).toUpperCase() },
      { treeSize: NaN },
      { time: '2024-01-01' },
    ];
    for (const patch of bad) {
      expect(() => blockHash({ ...genesis, ...patch } as BlockHeader), JSON.stringify(patch)).toThrow(
        TypeError,
      );
    }
  });

  it('signs and verifies', () => {
    const signature = signBlock(genesis, secretKey);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(ed25519.verify(fromHex(signature), blockHeaderBytes(genesis), fromHex(publicKey))).toBe(true);
    expect(verifyBlockSignature(genesis, signature, publicKey)).toBe(true);
  });

  it('fails on a changed field, a changed signature or a wrong key, without throwing', () => {
    const signature = signBlock(genesis, secretKey);
    const changed: BlockHeader[] = [
      { ...genesis, height: 1 },
      { ...genesis, prevHash: root(0) },
      { ...genesis, treeSize: 4 },
      { ...genesis, rootHash: root(4) },
      { ...genesis, time: genesis.time + 1 },
    ];
    for (const header of changed) expect(verifyBlockSignature(header, signature, publicKey)).toBe(false);
    for (const i of [0, 31, 63, 64, 127]) {
      const flipped = signature.slice(0, i) + (signature[i] === '0' ? '1' : '0') + signature.slice(i + 1);
      expect(verifyBlockSignature(genesis, flipped, publicKey)).toBe(false);
    }
    expect(verifyBlockSignature(genesis, signature, otherKey)).toBe(false);
    for (const malformed of ['', 'zz', signature.slice(2), `${signature}00`]) {
      expect(verifyBlockSignature(genesis, malformed, publicKey)).toBe(false);
      expect(verifyBlockSignature(genesis, signature, malformed)).toBe(false);
    }
    expect(verifyBlockSignature({ ...genesis, height: -1 }, signature, publicKey)).toBe(false);
  });
});

describe('verifyBlockChain', () => {
  it('accepts a valid chain, an empty one and a run that starts after genesis', () => {
    const blocks = chain(6);
    expect(verifyBlockChain(blocks, publicKey)).toEqual({ ok: true });
    expect(verifyBlockChain([], publicKey)).toEqual({ ok: true });
    expect(verifyBlockChain(blocks.slice(2), publicKey)).toEqual({ ok: true });
  });

  it('detects a bad hash', () => {
    const blocks = chain(5);
    blocks[2] = { ...(blocks[2] as SignedBlock), hash: root(99) };
    expect(verifyBlockChain(blocks, publicKey)).toEqual({ ok: false, height: 2, reason: 'hash-mismatch' });
  });

  it('detects a tampered header even when its hash is recomputed', () => {
    const blocks = chain(5);
    const header = { ...(blocks[3] as SignedBlock).header, rootHash: root(42) };
    blocks[3] = { ...(blocks[3] as SignedBlock), header, hash: blockHash(header) };
    expect(verifyBlockChain(blocks, publicKey)).toEqual({ ok: false, height: 3, reason: 'bad-signature' });
  });

  it('detects a broken link', () => {
    const blocks = chain(5);
    // Re-signed by the key holder, so only the link is wrong.
    blocks[3] = seal({ ...(blocks[3] as SignedBlock).header, prevHash: (blocks[1] as SignedBlock).hash });
    expect(verifyBlockChain(blocks, publicKey)).toEqual({
      ok: false,
      height: 3,
      reason: 'prev-hash-mismatch',
    });
  });

  it('detects a gap in heights', () => {
    const blocks = chain(5);
    blocks.splice(2, 1);
    expect(verifyBlockChain(blocks, publicKey)).toEqual({ ok: false, height: 3, reason: 'height-gap' });
    const repeated = chain(3);
    repeated[2] = seal({ ...(repeated[2] as SignedBlock).header, height: 1 });
    expect(verifyBlockChain(repeated, publicKey)).toEqual({ ok: false, height: 1, reason: 'height-gap' });
    const malformed = chain(3);
    const block = malformed[2] as SignedBlock;
    malformed[2] = { ...block, header: { ...block.header, height: 2.5 } };
    expect(verifyBlockChain(malformed, publicKey)).toEqual({
      ok: false,
      height: 2,
      reason: 'invalid-header',
    });
  });

  it('detects a bad genesis, a wrong key and a tree that shrinks or is rewritten', () => {
    expect(verifyBlockChain([seal({ ...genesis, prevHash: root(1) })], publicKey)).toEqual({
      ok: false,
      height: 0,
      reason: 'bad-genesis',
    });
    expect(verifyBlockChain(chain(3), otherKey)).toEqual({ ok: false, height: 0, reason: 'bad-signature' });
    const blocks = chain(3);
    const first = blocks[0] as SignedBlock;
    const shrunk = seal({ ...(blocks[1] as SignedBlock).header, treeSize: 2, rootHash: root(2) });
    expect(verifyBlockChain([first, shrunk], publicKey)).toEqual({
      ok: false,
      height: 1,
      reason: 'tree-shrank',
    });
    const rewritten = seal({ ...(blocks[1] as SignedBlock).header, treeSize: 3, rootHash: root(7) });
    expect(verifyBlockChain([first, rewritten], publicKey)).toEqual({
      ok: false,
      height: 1,
      reason: 'root-changed',
    });
    const empty = seal({ ...(blocks[1] as SignedBlock).header, treeSize: 3, rootHash: root(3) });
    expect(verifyBlockChain([first, empty], publicKey)).toEqual({ ok: true });
  });
});
