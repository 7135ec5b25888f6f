import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  canonicalize,
  evidenceLeaf,
  evidenceLeafData,
  evidenceLeafHash,
  evidenceLeafText,
  evidencePayloadHash,
  fromHex,
  hex,
  leafHash,
  parseEvidenceLeaf,
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

  it('parses served leaf data only in its canonical version-1 form', () => {
    const signed = {
      ...event,
      dataHash: 'cd'.repeat(32),
      signer: { did: 'did:ethr:0x1:0xab', signature: '0x12' },
    };
    for (const e of [event, signed, { ...event, enterpriseUuid: null }]) {
      const text = evidenceLeafText(e);
      expect(parseEvidenceLeaf(text)).toEqual(evidenceLeaf(e));
    }
    const text = evidenceLeafText(event);
    const leaf = JSON.parse(text) as Record<string, unknown>;
    const rejected = [
      JSON.stringify(leaf, null, 1),
      canonicalize({ ...leaf, v: 2 }),
      canonicalize({ ...leaf, payload: {} }),
      canonicalize({ ...leaf, payloadHash: 'x' }),
      canonicalize({ ...leaf, time: 'now' }),
      canonicalize({ ...leaf, signer: { did: 'd' } }),
      canonicalize([leaf]),
      'not json',
    ];
    for (const bad of rejected) expect(parseEvidenceLeaf(bad)).toBeNull();
  });

  it('round-trips hex', () => {
    expect(hex(fromHex('00ff10AB'))).toBe('00ff10ab');
    expect(() => fromHex('abc')).toThrow();
    expect(canonicalize(hex(new Uint8Array([1, 2])))).toBe('"0102"');
  });
});
