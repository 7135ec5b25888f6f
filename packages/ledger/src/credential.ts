/**
 * The platform's identity and its verifiable credentials.
 *
 * - The platform DID is a `did:key` of its Ed25519 key (W3C did:key method): `did:key:z6Mk…`, the multibase
 *   base58btc encoding of the multicodec prefix 0xed 0x01 followed by the 32-byte public key. It resolves
 *   without any registry, so a credential stays verifiable wherever the console is hosted.
 * - Credentials are W3C VC Data Model 2.0 documents secured with a Data Integrity proof of the
 *   `eddsa-jcs-2022` cryptosuite (W3C vc-di-eddsa): the proof configuration (the proof without
 *   proofValue, carrying the document's @context) and the document without its proof are each
 *   canonicalised with RFC 8785 and hashed with SHA-256; Ed25519 signs proofConfigHash || documentHash;
 *   proofValue is the base58btc multibase ('z…') of the 64-byte signature.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromHex, hex } from './bytes.ts';
import { canonicalBytes } from './canonical.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ED25519_MULTICODEC = [0xed, 0x01];

/** Bitcoin base58 (the alphabet multibase 'z' uses). */
export function base58btc(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] as number) * 256;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58);
  }
  let out = '';
  for (const byte of bytes) {
    if (byte !== 0) break;
    out += '1';
  }
  for (let i = digits.length - 1; i >= 0; i--) out += BASE58[digits[i] as number];
  return out;
}

/** Decodes base58btc; throws on a character outside the alphabet. */
export function fromBase58btc(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    let carry = BASE58.indexOf(char);
    if (carry < 0) throw new TypeError(`invalid base58 character ${char}`);
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] as number) * 58;
      bytes[i] = carry % 256;
      carry = Math.floor(carry / 256);
    }
    for (; carry > 0; carry = Math.floor(carry / 256)) bytes.push(carry % 256);
  }
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()]);
}

/** The multibase (base58btc, 'z…') Multikey encoding of an Ed25519 public key given as hex. */
export function ed25519Multikey(publicKeyHex: string): string {
  const key = fromHex(publicKeyHex);
  if (key.length !== 32) throw new TypeError('an Ed25519 public key has 32 bytes');
  return `z${base58btc(Uint8Array.from([...ED25519_MULTICODEC, ...key]))}`;
}

/** The did:key of an Ed25519 public key. */
export function ed25519DidKey(publicKeyHex: string): string {
  return `did:key:${ed25519Multikey(publicKeyHex)}`;
}

/** The verification method of a did:key: `did:key:z…#z…`. */
export function didKeyVerificationMethod(did: string): string {
  return `${did}#${did.slice('did:key:'.length)}`;
}

/** The Ed25519 public key (hex) of a did:key or of one of its verification methods, or null. */
export function ed25519KeyOfDidKey(didOrMethod: string): string | null {
  const match = /^did:key:(z[1-9A-HJ-NP-Za-km-z]+)(?:#(z[1-9A-HJ-NP-Za-km-z]+))?$/.exec(didOrMethod);
  if (!match || (match[2] !== undefined && match[2] !== match[1])) return null;
  try {
    const bytes = fromBase58btc((match[1] as string).slice(1));
    if (bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) return null;
    return hex(bytes.subarray(2));
  } catch {
    return null;
  }
}

/** The W3C DID document of a did:key (Ed25519, Multikey). */
export function didKeyDocument(publicKeyHex: string): Record<string, unknown> {
  const did = ed25519DidKey(publicKeyHex);
  const method = didKeyVerificationMethod(did);
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: [
      { id: method, type: 'Multikey', controller: did, publicKeyMultibase: ed25519Multikey(publicKeyHex) },
    ],
    authentication: [method],
    assertionMethod: [method],
    capabilityInvocation: [method],
    capabilityDelegation: [method],
  };
}

export const DATA_INTEGRITY_PROOF = 'DataIntegrityProof';
export const EDDSA_JCS_2022 = 'eddsa-jcs-2022';

export interface DataIntegrityProof {
  '@context'?: unknown;
  type: typeof DATA_INTEGRITY_PROOF;
  cryptosuite: typeof EDDSA_JCS_2022;
  created: string;
  verificationMethod: string;
  proofPurpose: string;
  proofValue: string;
}

/** proofConfigHash || documentHash of vc-di-eddsa 3.3 (eddsa-jcs-2022). */
function jcsHashData(document: Record<string, unknown>, proofConfig: Record<string, unknown>): Uint8Array {
  const configHash = sha256(canonicalBytes(proofConfig));
  const documentHash = sha256(canonicalBytes(document));
  const out = new Uint8Array(64);
  out.set(configHash, 0);
  out.set(documentHash, 32);
  return out;
}

/**
 * Adds an eddsa-jcs-2022 Data Integrity proof (proofPurpose assertionMethod) to a credential; `created` is
 * an XML Schema dateTime such as '2026-05-01T08:00:00Z'. Returns a new object; the input is not changed.
 */
export function signCredential<T extends Record<string, unknown>>(
  unsecured: T,
  secretKey: Uint8Array,
  opts: { verificationMethod: string; created: string },
): T & { proof: DataIntegrityProof } {
  const { proof: _ignored, ...document } = unsecured as Record<string, unknown>;
  const config: Record<string, unknown> = {
    ...(document['@context'] === undefined ? {} : { '@context': document['@context'] }),
    type: DATA_INTEGRITY_PROOF,
    cryptosuite: EDDSA_JCS_2022,
    created: opts.created,
    verificationMethod: opts.verificationMethod,
    proofPurpose: 'assertionMethod',
  };
  const signature = ed25519.sign(jcsHashData(document, config), secretKey);
  const proof = { ...config, proofValue: `z${base58btc(signature)}` } as unknown as DataIntegrityProof;
  return { ...(document as T), proof };
}

/**
 * Verifies a credential's eddsa-jcs-2022 proof against an Ed25519 public key (hex); by default the key of
 * the proof's did:key verification method, which must then also be the credential's issuer. Never throws.
 */
export function verifyCredential(credential: unknown, publicKeyHex?: string): boolean {
  try {
    if (typeof credential !== 'object' || credential === null) return false;
    const { proof, ...document } = credential as Record<string, unknown>;
    if (typeof proof !== 'object' || proof === null || Array.isArray(proof)) return false;
    const { proofValue, ...config } = proof as Record<string, unknown>;
    if (config.type !== DATA_INTEGRITY_PROOF || config.cryptosuite !== EDDSA_JCS_2022) return false;
    if (config.proofPurpose !== 'assertionMethod') return false;
    if (typeof proofValue !== 'string' || !proofValue.startsWith('z')) return false;
    if (config['@context'] !== undefined) {
      // The proof's context must be the document's (vc-di-eddsa 3.3.2).
      if (
        hex(sha256(canonicalBytes(config['@context']))) !== hex(sha256(canonicalBytes(document['@context'])))
      )
        return false;
    }
    const method = typeof config.verificationMethod === 'string' ? config.verificationMethod : '';
    let key = publicKeyHex;
    if (key === undefined) {
      const issuer =
        typeof document.issuer === 'string' ? document.issuer : (document.issuer as { id?: unknown })?.id;
      key = ed25519KeyOfDidKey(method) ?? undefined;
      if (key === undefined || typeof issuer !== 'string' || !method.startsWith(`${issuer}#`)) return false;
    }
    const signature = fromBase58btc(proofValue.slice(1));
    if (signature.length !== 64) return false;
    return ed25519.verify(signature, jcsHashData(document, config), fromHex(key), { zip215: false });
  } catch {
    return false;
  }
}
