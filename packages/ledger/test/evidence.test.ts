import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  canonicalize,
  EVIDENCE_LEAF_VERSION,
  evidenceLeaf,
  evidenceLeafData,
  evidenceLeafHash,
  evidenceLeafOfCommitment,
  evidenceLeafText,
  evidencePayloadCommitment,
  evidencePayloadHash,
  evidenceSaltedPayloadHash,
  fromHex,
  hex,
  isEvidenceSalt,
  leafHash,
  newEvidenceSalt,
  parseEvidenceLeaf,
  verifyEvidencePayload,
} from '../src/index.ts';
import type { EvidenceEvent } from '../src/index.ts';

const payload = { qty: 12.5, lines: [{ sku: 'A-1', name: '苹果' }], note: undefined };
const event: EvidenceEvent = {
  type: 'document.created',
  enterpriseUuid: '6f1c2a9e-0d7b-4c1e-9a51-2f6d8b3e4a10',
  subjectType: 'document',
  subjectId: 'DOC-0001',
  payload,
  time: 1_717_200_000_000,
};
const PAYLOAD_CANONICAL = '{"lines":[{"name":"苹果","sku":"A-1"}],"qty":12.5}';
const PAYLOAD_HASH = hex(sha256(new TextEncoder().encode(PAYLOAD_CANONICAL)));
// A fixed salt (docs/evidence-format.md's example); real ones come from newEvidenceSalt().
const SALT = '8f14e45fceea167a5a36dedd4bea2543' + '0b3c1d2e4f5a69788796a5b4c3d2e1f0';
// v2 commits to the bytes `{"payload":<JCS(payload)>,"salt":"<salt>"}`, written out here by hand.
const SALTED_HASH = hex(
  sha256(new TextEncoder().encode(`{"payload":${PAYLOAD_CANONICAL},"salt":"${SALT}"}`)),
);

describe('evidence leaves', () => {
  it('serialises the version-1 leaf canonically, with the payload only as its hash', () => {
    expect(evidencePayloadHash(payload)).toBe(PAYLOAD_HASH);
    const text = new TextDecoder().decode(evidenceLeafData(event));
    expect(text).toBe(
      '{"enterpriseUuid":"6f1c2a9e-0d7b-4c1e-9a51-2f6d8b3e4a10",' +
        `"payloadHash":"${PAYLOAD_HASH}",` +
        '"subjectId":"DOC-0001","subjectType":"document","time":1717200000000,"type":"document.created","v":1}',
    );
    expect(evidenceLeafText(event)).toBe(text);
    const withExtra = { ...event, database: 'row 17' } as EvidenceEvent;
    expect(evidenceLeafData(withExtra)).toEqual(evidenceLeafData(event));
    expect(evidenceLeafHash(event)).toEqual(leafHash(evidenceLeafData(event)));
  });

  it('includes dataHash and signer when present and changes the hash with any field', () => {
    const dataHash = 'ab'.repeat(32);
    const signed = { ...event, dataHash, signer: { did: 'did:ethr:1337:0xabc', signature: '0x1234' } };
    const text = evidenceLeafText(signed);
    expect(text).toContain(`"dataHash":"${dataHash}"`);
    expect(text).toContain('"signer":{"did":"did:ethr:1337:0xabc","signature":"0x1234"}');
    expect(evidenceLeafText({ ...event, dataHash: null, signer: null })).toBe(evidenceLeafText(event));
    const variants: EvidenceEvent[] = [
      signed,
      { ...event, dataHash },
      { ...event, type: 'document.changed' },
      { ...event, enterpriseUuid: 'x' },
      { ...event, enterpriseUuid: null },
      { ...event, subjectType: 'file' },
      { ...event, subjectId: 'DOC-0002' },
      { ...event, payload: { qty: 12.6, lines: [{ sku: 'A-1', name: '苹果' }] } },
      { ...event, time: event.time + 1 },
    ];
    const hashes = new Set([hex(evidenceLeafHash(event)), ...variants.map((v) => hex(evidenceLeafHash(v)))]);
    expect(hashes.size).toBe(variants.length + 1);
  });

  it('does not depend on member order and treats an undefined payload as null', () => {
    const reordered: EvidenceEvent = {
      time: event.time,
      payload: { lines: [{ name: '苹果', sku: 'A-1' }], qty: 12.5 },
      subjectId: event.subjectId,
      subjectType: event.subjectType,
      enterpriseUuid: event.enterpriseUuid,
      type: event.type,
    };
    expect(evidenceLeafHash(reordered)).toEqual(evidenceLeafHash(event));
    expect(evidenceLeafData({ ...event, payload: undefined })).toEqual(
      evidenceLeafData({ ...event, payload: null }),
    );
  });

  it('rejects malformed events', () => {
    const bad: Partial<Record<keyof EvidenceEvent, unknown>>[] = [
      { type: '' },
      { enterpriseUuid: 7 },
      { enterpriseUuid: '' },
      { subjectType: undefined },
      { subjectId: undefined },
      { time: 1.5 },
      { time: '2024-06-01' },
      { payload: { n: NaN } },
      { dataHash: 'AB'.repeat(32) },
      { signer: { did: 'did:x' } },
    ];
    for (const patch of bad)
      expect(() => evidenceLeafData({ ...event, ...patch } as EvidenceEvent)).toThrow(TypeError);
  });

  it('parses served leaf data only in its canonical v1, v2 or v3 form', () => {
    const signed = {
      ...event,
      dataHash: 'cd'.repeat(32),
      signer: { did: 'did:ethr:0x1:0xab', signature: '0x12' },
    };
    const batchSigned = {
      ...event,
      salt: SALT,
      signer: { did: 'did:ethr:0x1:0xab', batch: 'ef'.repeat(16) },
    };
    const cases: EvidenceEvent[] = [
      event,
      signed,
      { ...event, enterpriseUuid: null },
      { ...signed, salt: SALT },
      { ...event, salt: SALT, v: 2 },
      { ...event, salt: SALT },
      batchSigned,
    ];
    expect(cases.map((e) => evidenceLeaf(e).v)).toEqual([1, 1, 1, 2, 2, 3, 3]);
    for (const e of cases) {
      const text = evidenceLeafText(e);
      expect(parseEvidenceLeaf(text)).toEqual(evidenceLeaf(e));
    }
    const text = evidenceLeafText(event);
    const leaf = JSON.parse(text) as Record<string, unknown>;
    const rejected = [
      JSON.stringify(leaf, null, 1),
      canonicalize({ ...leaf, v: 4 }),
      // v3 names its batch, v1/v2 carry a signature: never the other way round.
      canonicalize({ ...leaf, v: 3, signer: { did: 'd', signature: '0x12' } }),
      canonicalize({ ...leaf, v: 2, signer: { batch: 'ef'.repeat(16), did: 'd' } }),
      canonicalize({ ...leaf, v: 3, signer: { batch: 'EF'.repeat(16), did: 'd' } }),
      canonicalize({ ...leaf, v: 3, signer: { batch: 'ef'.repeat(16), did: 'd', signature: '0x12' } }),
      canonicalize({ ...leaf, v: '2' }),
      canonicalize({ ...leaf, salt: SALT }),
      canonicalize({ ...leaf, payload: {} }),
      canonicalize({ ...leaf, payloadHash: 'x' }),
      canonicalize({ ...leaf, time: 'now' }),
      canonicalize({ ...leaf, signer: { did: 'd' } }),
      canonicalize([leaf]),
      'not json',
    ];
    for (const bad of rejected) expect(parseEvidenceLeaf(bad)).toBeNull();
  });

  it('builds the same leaf from a commitment the caller computed, and checks its form', () => {
    const salted: EvidenceEvent = { ...event, salt: SALT };
    expect(evidenceLeafOfCommitment(salted, SALTED_HASH)).toEqual(evidenceLeaf(salted));
    expect(evidenceLeafOfCommitment(event, null)).toEqual(evidenceLeaf(event));
    expect(() => evidenceLeafOfCommitment(salted, SALTED_HASH.toUpperCase())).toThrow(TypeError);
  });

  it('refuses a signer of the wrong form for the leaf version', () => {
    const batch = { did: 'did:ethr:0x1:0xab', batch: 'ef'.repeat(16) };
    const signature = { did: 'did:ethr:0x1:0xab', signature: '0x12' };
    expect(() => evidenceLeafText({ ...event, salt: SALT, v: 3, signer: signature })).toThrow(TypeError);
    expect(() => evidenceLeafText({ ...event, salt: SALT, v: 2, signer: batch })).toThrow(TypeError);
    expect(() => evidenceLeafText({ ...event, signer: batch })).toThrow(TypeError);
    expect(() => evidenceLeafText({ ...event, salt: SALT, signer: { ...batch, batch: 'x' } })).toThrow(
      TypeError,
    );
    expect(() => evidenceLeafText({ ...event, v: 3 })).toThrow(TypeError);
  });

  it('writes v2 leaves committing to the payload under its salt, so the unsalted hash confirms nothing', () => {
    expect(EVIDENCE_LEAF_VERSION).toBe(3);
    const salted: EvidenceEvent = { ...event, salt: SALT, v: 2 };
    expect(evidenceSaltedPayloadHash(payload, SALT)).toBe(SALTED_HASH);
    expect(evidencePayloadCommitment(payload, SALT)).toBe(SALTED_HASH);
    expect(evidencePayloadCommitment(payload, null)).toBe(PAYLOAD_HASH);
    const text = evidenceLeafText(salted);
    expect(text).toBe(
      '{"enterpriseUuid":"6f1c2a9e-0d7b-4c1e-9a51-2f6d8b3e4a10",' +
        `"payloadHash":"${SALTED_HASH}",` +
        '"subjectId":"DOC-0001","subjectType":"document","time":1717200000000,"type":"document.created","v":2}',
    );
    // The leaf carries neither the salt nor the unsalted hash a guess would be checked against.
    expect(text).not.toContain(SALT);
    expect(text).not.toContain(PAYLOAD_HASH);
    const leaf = parseEvidenceLeaf(text)!;
    expect(leaf.v).toBe(2);
    expect(verifyEvidencePayload(leaf, payload, SALT)).toBe(true);
    expect(verifyEvidencePayload(leaf, { ...payload, qty: 12.6 }, SALT)).toBe(false);
    expect(verifyEvidencePayload(leaf, payload, null)).toBe(false);
    expect(verifyEvidencePayload(leaf, payload, newEvidenceSalt())).toBe(false);
    expect(verifyEvidencePayload(leaf, payload, SALT.toUpperCase())).toBe(false);
    // Another salt, another leaf: equal payloads no longer give equal commitments.
    expect(evidenceLeafText({ ...event, salt: newEvidenceSalt(), v: 2 })).not.toBe(text);
    // v3 commits to the payload the same way; only the version (and the signer's form) differ.
    const v3 = parseEvidenceLeaf(evidenceLeafText({ ...event, salt: SALT }))!;
    expect(v3).toMatchObject({ v: 3, payloadHash: SALTED_HASH });
    expect(verifyEvidencePayload(v3, payload, SALT)).toBe(true);
    expect(verifyEvidencePayload(v3, payload, null)).toBe(false);
  });

  it('keeps v1 leaves (no salt) verifiable with their unsalted payload hash', () => {
    const leaf = parseEvidenceLeaf(evidenceLeafText(event))!;
    expect(leaf.v).toBe(1);
    expect(leaf.payloadHash).toBe(PAYLOAD_HASH);
    expect(verifyEvidencePayload(leaf, payload, null)).toBe(true);
    expect(verifyEvidencePayload(leaf, payload, SALT)).toBe(false);
    expect(verifyEvidencePayload(leaf, { qty: 1 }, null)).toBe(false);
    expect(evidenceLeafText({ ...event, salt: null })).toBe(evidenceLeafText(event));
  });

  it('matches the worked example of docs/evidence-format.md', () => {
    const docSalt = '8f14e45fceea167a5a36dedd4bea25430b3c1d2e4f5a69788796a5b4c3d2e1f0';
    const docPayload = { code: 'XH-EV-2026', notes: '新能源电池包试制线' };
    const docEvent: EvidenceEvent = {
      type: 'project.created',
      enterpriseUuid: 'e0a1c2d3-0001-4000-8000-000000000001',
      subjectType: 'project',
      subjectId: '42',
      payload: docPayload,
      salt: docSalt,
      time: 1_767_225_600_000,
      v: 2,
    };
    const committed = `{"payload":{"code":"XH-EV-2026","notes":"新能源电池包试制线"},"salt":"${docSalt}"}`;
    const docHash = '2ba55f903587c3daff58125777390b6db43039362e3558514bf49057716fe071';
    expect(hex(sha256(new TextEncoder().encode(committed)))).toBe(docHash);
    expect(evidenceSaltedPayloadHash(docPayload, docSalt)).toBe(docHash);
    expect(evidencePayloadHash(docPayload)).toBe(
      'cf1f22b2828dce03f644d221aafb0767dd4f3f63658a28025c6361226eb18522',
    );
    expect(evidenceLeafText(docEvent)).toBe(
      '{"enterpriseUuid":"e0a1c2d3-0001-4000-8000-000000000001",' +
        `"payloadHash":"${docHash}",` +
        '"subjectId":"42","subjectType":"project","time":1767225600000,"type":"project.created","v":2}',
    );
    expect(hex(evidenceLeafHash(docEvent))).toBe(
      '72dc62718ddc60ffa31a2a868584e43a164399fd136796deb3e557b3764677ad',
    );
  });

  it('rejects malformed salts', () => {
    for (const salt of ['', 'ab', SALT.toUpperCase(), `${SALT}00`, 'g'.repeat(64)]) {
      expect(isEvidenceSalt(salt)).toBe(false);
      expect(() => evidenceLeafText({ ...event, salt })).toThrow(TypeError);
      expect(() => evidenceSaltedPayloadHash(payload, salt)).toThrow(TypeError);
    }
  });

  it('draws a fresh 32-byte salt each time', () => {
    const salts = Array.from({ length: 200 }, () => newEvidenceSalt());
    for (const salt of salts) expect(isEvidenceSalt(salt)).toBe(true);
    expect(new Set(salts).size).toBe(salts.length);
  });

  it('round-trips hex', () => {
    expect(hex(fromHex('00ff10AB'))).toBe('00ff10ab');
    expect(() => fromHex('abc')).toThrow();
    expect(canonicalize(hex(new Uint8Array([1, 2])))).toBe('"0102"');
  });
});
