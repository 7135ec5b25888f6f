import { describe, expect, it } from 'vitest';
import { canonicalize, evidenceLeafData, evidenceLeafHash, fromHex, hex, leafHash } from '../src/index.ts';
import type { EvidenceEvent } from '../src/index.ts';

const event: EvidenceEvent = {
  type: 'document.created',
  enterpriseUuid: '6f1c2a9e-0d7b-4c1e-9a51-2f6d8b3e4a10',
  subjectId: 'DOC-0001',
  payload: { qty: 12.5, lines: [{ sku: 'A-1', name: '苹果' }], note: undefined },
  time: 1_717_200_000_000,
};

describe('evidence leaves', () => {
  it('serialises exactly the event fields canonically', () => {
    const text = new TextDecoder().decode(evidenceLeafData(event));
    expect(text).toBe(
      '{"enterpriseUuid":"6f1c2a9e-0d7b-4c1e-9a51-2f6d8b3e4a10",' +
        '"payload":{"lines":[{"name":"苹果","sku":"A-1"}],"qty":12.5},' +
        '"subjectId":"DOC-0001","time":1717200000000,"type":"document.created"}',
    );
    const withExtra = { ...event, database: 'row 17' } as EvidenceEvent;
    expect(evidenceLeafData(withExtra)).toEqual(evidenceLeafData(event));
    expect(evidenceLeafHash(event)).toEqual(leafHash(evidenceLeafData(event)));
  });

  it('includes the signer when present and changes the hash with any field', () => {
    const signed = { ...event, signer: { did: 'did:ethr:1337:0xabc', signature: '0x1234' } };
    expect(new TextDecoder().decode(evidenceLeafData(signed))).toContain(
      '"signer":{"did":"did:ethr:1337:0xabc","signature":"0x1234"}',
    );
    const variants: EvidenceEvent[] = [
      signed,
      { ...event, type: 'document.changed' },
      { ...event, enterpriseUuid: 'x' },
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
      { subjectId: undefined },
      { time: 1.5 },
      { time: '2024-06-01' },
      { payload: { n: NaN } },
      { signer: { did: 'did:x' } },
    ];
    for (const patch of bad)
      expect(() => evidenceLeafData({ ...event, ...patch } as EvidenceEvent)).toThrow(TypeError);
  });

  it('round-trips hex', () => {
    expect(hex(fromHex('00ff10AB'))).toBe('00ff10ab');
    expect(() => fromHex('abc')).toThrow();
    expect(canonicalize(hex(new Uint8Array([1, 2])))).toBe('"0102"');
  });
});
