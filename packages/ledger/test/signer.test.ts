import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import {
  addressOfPublicKey,
  ethrDidAddress,
  evidencePayloadHash,
  recoverPayloadSigner,
  signPayloadHash,
  verifyPayloadSignature,
} from '../src/index.ts';

describe('enterprise evidence signatures (secp256k1, recoverable)', () => {
  // Ethereum's well-known test key 0x4c0883a6...: its address is 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23.
  const secretKey = Uint8Array.from(
    Buffer.from('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'hex'),
  );
  const address = '0x2c7536e3605d9c16a7a3d7b1898e529396a65c23';
  const did = `did:ethr:0x539:0x2c7536E3605D9C16a7a3D7b1898e529396a65c23`;
  const payloadHash = evidencePayloadHash({ fileName: 'a.pdf', size: 12 });

  it('derives the Ethereum address of a key', () => {
    expect(addressOfPublicKey(secp256k1.getPublicKey(secretKey, true))).toBe(address);
    expect(addressOfPublicKey(secp256k1.getPublicKey(secretKey, false))).toBe(address);
    expect(ethrDidAddress(did)).toBe(address);
    expect(ethrDidAddress(`did:ethr:${address}`)).toBe(address);
    expect(ethrDidAddress('did:web:example.com')).toBeNull();
  });

  it('signs deterministically as r || s || v and recovers the signer', () => {
    const signature = signPayloadHash(payloadHash, secretKey);
    expect(signature).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/);
    expect(signPayloadHash(payloadHash, secretKey)).toBe(signature);
    expect(recoverPayloadSigner(payloadHash, signature)).toBe(address);
    expect(verifyPayloadSignature(payloadHash, signature, did)).toBe(true);
    expect(verifyPayloadSignature(payloadHash, signature.toUpperCase().replace('0X', '0x'), did)).toBe(true);
  });

  it('fails for another hash, another DID or a malformed signature, without throwing', () => {
    const signature = signPayloadHash(payloadHash, secretKey);
    const otherHash = evidencePayloadHash({ fileName: 'b.pdf', size: 12 });
    expect(verifyPayloadSignature(otherHash, signature, did)).toBe(false);
    expect(verifyPayloadSignature(payloadHash, signature, 'did:ethr:0x539:0x' + '11'.repeat(20))).toBe(false);
    const flippedV = signature.slice(0, -2) + (signature.endsWith('1b') ? '1c' : '1b');
    expect(verifyPayloadSignature(payloadHash, flippedV, did)).toBe(false);
    for (const bad of ['', '0x', signature.slice(0, -2), `${signature.slice(0, -2)}00`, 'zz'.repeat(66)]) {
      expect(recoverPayloadSigner(payloadHash, bad)).toBeNull();
    }
    expect(recoverPayloadSigner('ab', signature)).toBeNull();
    expect(() => signPayloadHash('AB'.repeat(32), secretKey)).toThrow(TypeError);
  });
});
