import { describe, expect, it } from 'vitest';
import {
  canonicalLeafText,
  canonicalize,
  evidenceLeaf,
  evidenceLeafText,
  evidenceSaltedPayloadHash,
  hex,
  saltedPayloadText,
  type EvidenceEvent,
} from '../src/index.ts';
import { sha256 } from '@noble/hashes/sha2.js';

// The fixed-order RFC 8785 writers the server appends with (canonicalLeafText, saltedPayloadText) must give
// exactly the generic canonical form, for every leaf version and every optional member.
const SALT = '8f14e45fceea167a5a36dedd4bea25430b3c1d2e4f5a69788796a5b4c3d2e1f0';
const HASH = 'cf1f22b2828dce03f644d221aafb0767dd4f3f63658a28025c6361226eb18522';
const DID = 'did:ethr:1337:0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826';

const variants: EvidenceEvent[] = [
  // v1: no salt, no signer, platform event.
  {
    type: 'file.uploaded',
    enterpriseUuid: null,
    subjectType: 'file',
    subjectId: 'k1',
    payload: null,
    time: 0,
  },
  // v2: salted, signed per event, with a data hash.
  {
    type: 'project.created',
    enterpriseUuid: 'e0a1c2d3-0001-4000-8000-000000000001',
    subjectType: 'project',
    subjectId: '42',
    payload: { code: 'XH-EV-2026' },
    salt: SALT,
    dataHash: HASH,
    time: 1_767_225_600_000,
    signer: { did: DID, signature: `0x${'ab'.repeat(65)}` },
  },
  // v3: batch signer; strings that need JSON escapes, non-ASCII and astral characters.
  {
    type: 'company.updated "quoted"\\',
    enterpriseUuid: '企业\u0001',
    subjectType: 'enterprise',
    subjectId: 'line\nbreak 😀 \u2028',
    payload: [1, 'two'],
    salt: SALT,
    time: 9_007_199_254_740_991,
    signer: { did: DID, batch: '5d41402abc4b2a76b9719d911017c592' },
  },
  // v3 unsigned, with a data hash.
  {
    type: 'file.uploaded',
    enterpriseUuid: 'e1',
    subjectType: 'file',
    subjectId: 'abc',
    payload: {},
    salt: SALT,
    dataHash: HASH,
    time: 1,
  },
];

describe('fixed-order leaf and commitment writers', () => {
  it.each(variants.map((v) => [`v${evidenceLeaf(v).v}: ${v.type}`, v] as const))(
    '%s: the leaf text equals RFC 8785 of the leaf',
    (_name, event) => {
      const leaf = evidenceLeaf(event);
      expect(canonicalLeafText(leaf)).toBe(canonicalize(leaf));
      expect(evidenceLeafText(event)).toBe(canonicalize(leaf));
    },
  );

  it('refuses a string with an unpaired surrogate, as canonicalize does', () => {
    const leaf = evidenceLeaf({ ...variants[3]!, subjectId: 'bad \ud800' });
    expect(() => canonicalize(leaf)).toThrow(TypeError);
    expect(() => canonicalLeafText(leaf)).toThrow(TypeError);
  });

  it('writes the salted payload commitment bytes from the payload text', () => {
    for (const payload of [null, { b: [1.5, -0, 1e21], a: '新能源' }, 'text', [{ z: 1, y: null }]]) {
      const text = saltedPayloadText(canonicalize(payload), SALT);
      expect(text).toBe(canonicalize({ payload, salt: SALT }));
      expect(hex(sha256(new TextEncoder().encode(text)))).toBe(evidenceSaltedPayloadHash(payload, SALT));
    }
    expect(() => saltedPayloadText('null', SALT.toUpperCase())).toThrow(TypeError);
    expect(() => saltedPayloadText('null', '"}')).toThrow(TypeError);
  });
});
