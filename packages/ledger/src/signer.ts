/**
 * Enterprise signatures of evidence: secp256k1 ECDSA (RFC 6979 deterministic nonce, low-s) over the 32 bytes
 * of the payload hash, in the recoverable form Ethereum uses: `0x` + r (32 bytes) + s (32 bytes) + v (one
 * byte, 27 or 28), lowercase hex. A verifier recovers the public key from the signature, derives its
 * Ethereum address (last 20 bytes of Keccak-256 of the uncompressed key without its 0x04 prefix) and
 * compares it with the address in the signer's did:ethr DID.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { fromHex, hex, isHashHex } from './bytes.ts';

const SIGNATURE_RE = /^0x[0-9a-f]{128}(1b|1c)$/;

/** Recoverable signature of a payload hash (64 lowercase hex characters) with a 32-byte secp256k1 key. */
export function signPayloadHash(payloadHash: string, secretKey: Uint8Array): string {
  if (!isHashHex(payloadHash)) throw new TypeError('payloadHash must be 64 lowercase hex characters');
  // noble's 'recovered' form is recovery || r || s; Ethereum's is r || s || (27 + recovery).
  const recovered = secp256k1.sign(fromHex(payloadHash), secretKey, { prehash: false, format: 'recovered' });
  const recovery = recovered[0] as number;
  return `0x${hex(recovered.subarray(1))}${(27 + recovery).toString(16)}`;
}

/** Lowercase 0x address of a secp256k1 public key (compressed or uncompressed bytes). */
export function addressOfPublicKey(publicKey: Uint8Array): string {
  const point = secp256k1.Point.fromBytes(publicKey);
  const uncompressed = point.toBytes(false);
  return `0x${hex(keccak_256(uncompressed.subarray(1)).subarray(-20))}`;
}

/** The lowercase address that signed the payload hash, or null for a malformed signature. Never throws. */
export function recoverPayloadSigner(payloadHash: string, signature: string): string | null {
  try {
    if (!isHashHex(payloadHash) || typeof signature !== 'string') return null;
    const sig = signature.toLowerCase();
    if (!SIGNATURE_RE.test(sig)) return null;
    const bytes = fromHex(sig.slice(2));
    const recovery = (bytes[64] as number) - 27;
    const recovered = new Uint8Array(65);
    recovered[0] = recovery;
    recovered.set(bytes.subarray(0, 64), 1);
    const publicKey = secp256k1.recoverPublicKey(recovered, fromHex(payloadHash), { prehash: false });
    return addressOfPublicKey(publicKey);
  } catch {
    return null;
  }
}

/** The lowercase account address of a `did:ethr:[network:]0x<address>` DID, or null. */
export function ethrDidAddress(did: string): string | null {
  const match = /^did:ethr:(?:[0-9a-zA-Z]+:)?(0x[0-9a-fA-F]{40})$/.exec(did);
  return match ? (match[1] as string).toLowerCase() : null;
}

/** True iff the signature over payloadHash recovers to the address of the did:ethr DID. Never throws. */
export function verifyPayloadSignature(payloadHash: string, signature: string, did: string): boolean {
  const address = ethrDidAddress(did);
  return address !== null && recoverPayloadSigner(payloadHash, signature) === address;
}
