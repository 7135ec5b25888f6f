import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  base58btc,
  didKeyDocument,
  didKeyVerificationMethod,
  ed25519DidKey,
  ed25519KeyOfDidKey,
  fromBase58btc,
  hex,
  signCredential,
  verifyCredential,
} from '../src/index.ts';

// The W3C vc-di-eddsa test key and its eddsa-jcs-2022 representation example (Ed25519 is deterministic, so
// signing the same document with the same proof options must give the same proofValue).
const SECRET_MULTIBASE = 'z3u2en7t5LR2WtQH5PfFqMqwVHBeXouLzo6haApm8XHqvjxq';
const PUBLIC_MULTIBASE = 'z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2';
const EXPECTED_PROOF_VALUE =
  'z2HnFSSPPBzR36zdDgK8PbEHeXbR56YF24jwMpt3R1eHXQzJDMWS93FCzpvJpwTWd3GAVFuUfjoJdcnTMuVor51aX';
const ALUMNI = {
  '@context': ['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/ns/credentials/examples/v2'],
  id: 'urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33',
  type: ['VerifiableCredential', 'AlumniCredential'],
  name: 'Alumni Credential',
  description: 'A minimum viable example of an Alumni Credential.',
  issuer: 'https://vc.example/issuers/5678',
  validFrom: '2023-01-01T00:00:00Z',
  credentialSubject: { id: 'did:example:abcdefgh', alumniOf: 'The School of Examples' },
};

const secretKey = fromBase58btc(SECRET_MULTIBASE.slice(1)).slice(2); // multicodec 0x8026 + 32-byte seed
const publicKey = hex(ed25519.getPublicKey(secretKey));

describe('platform identity and credentials', () => {
  it('encodes the test key as its did:key and back', () => {
    expect(ed25519DidKey(publicKey)).toBe(`did:key:${PUBLIC_MULTIBASE}`);
    expect(ed25519KeyOfDidKey(`did:key:${PUBLIC_MULTIBASE}`)).toBe(publicKey);
    expect(ed25519KeyOfDidKey(didKeyVerificationMethod(`did:key:${PUBLIC_MULTIBASE}`))).toBe(publicKey);
    expect(ed25519KeyOfDidKey(`did:key:${PUBLIC_MULTIBASE}#z6MkOther`)).toBeNull();
    expect(ed25519KeyOfDidKey('did:key:zQ3sh')).toBeNull();
    const doc = didKeyDocument(publicKey);
    expect(doc).toMatchObject({
      id: `did:key:${PUBLIC_MULTIBASE}`,
      verificationMethod: [{ type: 'Multikey', publicKeyMultibase: PUBLIC_MULTIBASE }],
      assertionMethod: [`did:key:${PUBLIC_MULTIBASE}#${PUBLIC_MULTIBASE}`],
    });
  });

  it('round-trips base58btc with leading zeros', () => {
    for (const bytes of [new Uint8Array([]), new Uint8Array([0, 0, 1, 2]), new Uint8Array(32).fill(255)]) {
      expect(fromBase58btc(base58btc(bytes))).toEqual(bytes);
    }
    expect(base58btc(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(() => fromBase58btc('0OIl')).toThrow(TypeError);
  });

  it('reproduces the eddsa-jcs-2022 test vector of W3C vc-di-eddsa', () => {
    const signed = signCredential(ALUMNI, secretKey, {
      verificationMethod: `did:key:${PUBLIC_MULTIBASE}#${PUBLIC_MULTIBASE}`,
      created: '2023-02-24T23:36:38Z',
    });
    expect(signed.proof).toEqual({
      '@context': ALUMNI['@context'],
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      created: '2023-02-24T23:36:38Z',
      verificationMethod: `did:key:${PUBLIC_MULTIBASE}#${PUBLIC_MULTIBASE}`,
      proofPurpose: 'assertionMethod',
      proofValue: EXPECTED_PROOF_VALUE,
    });
    expect(verifyCredential(signed, publicKey)).toBe(true);
    // The issuer is not the did:key, so without an explicit key it is not accepted.
    expect(verifyCredential(signed)).toBe(false);
  });

  it('verifies credentials issued by a did:key and rejects any change', () => {
    const did = ed25519DidKey(publicKey);
    const vc = signCredential({ ...ALUMNI, issuer: did }, secretKey, {
      verificationMethod: didKeyVerificationMethod(did),
      created: '2026-01-01T00:00:00Z',
    });
    expect(verifyCredential(vc)).toBe(true);
    const other = hex(ed25519.getPublicKey(new Uint8Array(32).fill(7)));
    expect(verifyCredential(vc, other)).toBe(false);
    const changed = [
      { ...vc, credentialSubject: { ...vc.credentialSubject, alumniOf: 'Elsewhere' } },
      { ...vc, extra: 1 },
      { ...vc, proof: { ...vc.proof, created: '2026-01-02T00:00:00Z' } },
      { ...vc, proof: { ...vc.proof, '@context': ['https://www.w3.org/ns/credentials/v2'] } },
      { ...vc, proof: { ...vc.proof, proofPurpose: 'authentication' } },
      { ...vc, proof: { ...vc.proof, proofValue: vc.proof.proofValue.slice(0, -2) } },
      { ...vc, issuer: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK' },
      { ...vc, proof: undefined },
      null,
      'text',
    ];
    for (const bad of changed) expect(verifyCredential(bad)).toBe(false);
  });
});
