import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import {
  addressOfPublicKey,
  evidenceBatchDigest,
  evidenceBatchProof,
  evidenceLeafText,
  fromHex,
  hex,
  isEvidenceBatchId,
  leafHash,
  newEvidenceBatchId,
  newEvidenceSalt,
  parseEvidenceLeaf,
  recoverPayloadSigner,
  signEvidenceBatch,
  verifyEvidenceBatch,
  type EvidenceBatchProof,
  type EvidenceEvent,
} from '../src/index.ts';

// The worked example of docs/evidence-format.md section 2a: two v3 leaves of one enterprise in one batch.
const KEY = fromHex('c85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4');
const OTHER_KEY = fromHex('4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb');
const DID = 'did:ethr:1337:0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826';
const BATCH = '5d41402abc4b2a76b9719d911017c592';
const utf8 = new TextEncoder();

const base = { enterpriseUuid: 'e0a1c2d3-0001-4000-8000-000000000001', signer: { did: DID, batch: BATCH } };
const events: EvidenceEvent[] = [
  {
    ...base,
    type: 'project.created',
    subjectType: 'project',
    subjectId: '42',
    payload: { code: 'XH-EV-2026', notes: '新能源电池包试制线' },
    salt: '8f14e45fceea167a5a36dedd4bea25430b3c1d2e4f5a69788796a5b4c3d2e1f0',
    time: 1_767_225_600_000,
  },
  {
    ...base,
    type: 'project.updated',
    subjectType: 'project',
    subjectId: '42',
    payload: { code: 'XH-EV-2026', notes: '量产' },
    salt: '0f1e2d3c4b5a69788796a5b4c3d2e1f08f14e45fceea167a5a36dedd4bea2543',
    time: 1_767_225_600_001,
  },
];
const texts = events.map((e) => evidenceLeafText(e));
const hashes = texts.map((t) => leafHash(utf8.encode(t)));

describe('v3 batch signatures', () => {
  it('matches the worked example of docs/evidence-format.md', () => {
    expect(addressOfPublicKey(secp256k1.getPublicKey(KEY))).toBe(DID.slice('did:ethr:1337:'.length));
    expect(texts[0]).toBe(
      '{"enterpriseUuid":"e0a1c2d3-0001-4000-8000-000000000001",' +
        '"payloadHash":"2ba55f903587c3daff58125777390b6db43039362e3558514bf49057716fe071",' +
        `"signer":{"batch":"${BATCH}","did":"${DID}"},` +
        '"subjectId":"42","subjectType":"project","time":1767225600000,"type":"project.created","v":3}',
    );
    expect(hashes.map(hex)).toEqual([
      'dc9a4afc8ed0f215b28b175c8ecc38fe5b97908d468868355063d29cb2303770',
      '5106f752fa9a4ee2e308a811176fb5f11b84507c8baca8762807b576b8518890',
    ]);
    const signed = signEvidenceBatch(BATCH, DID, hashes, KEY);
    const root = '9837cc3f0e4c58b22c83ed45227730f15b7ff8761d772e0d0df7ff1fc633914e';
    // RFC 9162 root of two leaves: SHA-256(0x01 || leaf 0 || leaf 1).
    expect(hex(sha256(new Uint8Array([1, ...hashes[0]!, ...hashes[1]!])))).toBe(root);
    expect(signed).toMatchObject({ batch: BATCH, did: DID, root, size: 2, v: 3 });
    // The signed digest is the SHA-256 of the statement's RFC 8785 bytes, written out here by hand.
    const statement = `{"batch":"${BATCH}","did":"${DID}","root":"${root}","size":2,"v":3}`;
    const digest = 'd5b6ac5599b6535e2bf539271c50fcf153f21396bde72ceaff0031e0c36393c8';
    expect(hex(sha256(utf8.encode(statement)))).toBe(digest);
    expect(evidenceBatchDigest(signed)).toBe(digest);
    // RFC 6979 makes the signature deterministic.
    expect(signed.signature).toBe(
      '0xb89e6907e33c85c755077f5441b1d7917d38a3bab7d846171a06d621a995c3b9' +
        '6c2bc38eb752c0c64699a0a2887601d464bc0921cdeae54bcfa8383e26dd3c401c',
    );
    expect(recoverPayloadSigner(digest, signed.signature)).toBe(DID.slice('did:ethr:1337:'.length));
    expect(evidenceBatchProof(signed, hashes, 0)).toEqual({
      id: BATCH,
      did: DID,
      size: 2,
      index: 0,
      rootHash: root,
      auditPath: [hex(hashes[1]!)],
      signature: signed.signature,
    });
  });

  it('proves every leaf of batches of many sizes, and nothing else', () => {
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const id = newEvidenceBatchId();
      const leaves = Array.from({ length: size }, (_, i) =>
        leafHash(
          utf8.encode(
            evidenceLeafText({
              ...events[0]!,
              subjectId: String(i),
              salt: newEvidenceSalt(),
              signer: { did: DID, batch: id },
            }),
          ),
        ),
      );
      const signed = signEvidenceBatch(id, DID, leaves, KEY);
      for (let i = 0; i < size; i++) {
        const proof = evidenceBatchProof(signed, leaves, i);
        expect(verifyEvidenceBatch({ did: DID, batch: id }, hex(leaves[i]!), proof)).toBe(true);
        // Another leaf at this position, or this leaf at another position, is not covered.
        expect(verifyEvidenceBatch({ did: DID, batch: id }, hex(hashes[0]!), proof)).toBe(false);
        if (size > 1)
          expect(
            verifyEvidenceBatch({ did: DID, batch: id }, hex(leaves[i]!), {
              ...proof,
              index: (i + 1) % size,
            }),
          ).toBe(false);
      }
    }
  });

  it('fails a proof whose batch, signer, root, size or signature was changed', () => {
    const signed = signEvidenceBatch(BATCH, DID, hashes, KEY);
    const proof = evidenceBatchProof(signed, hashes, 1);
    const leaf = hex(hashes[1]!);
    const signer = { did: DID, batch: BATCH };
    expect(verifyEvidenceBatch(signer, leaf, proof)).toBe(true);
    const otherBatch = newEvidenceBatchId();
    const forgedBy = signEvidenceBatch(BATCH, DID, hashes, OTHER_KEY);
    const bad: EvidenceBatchProof[] = [
      { ...proof, id: otherBatch },
      { ...proof, did: 'did:ethr:1337:0x0000000000000000000000000000000000000001' },
      { ...proof, rootHash: hex(hashes[0]!) },
      { ...proof, size: 3 },
      { ...proof, auditPath: [leaf] },
      { ...proof, signature: forgedBy.signature },
      { ...proof, signature: '0x12' },
    ];
    for (const p of bad) expect(verifyEvidenceBatch(signer, leaf, p)).toBe(false);
    // The leaf must name this batch and this DID.
    expect(verifyEvidenceBatch({ did: DID, batch: otherBatch }, leaf, proof)).toBe(false);
    expect(verifyEvidenceBatch({ did: DID.toUpperCase(), batch: BATCH }, leaf, proof)).toBe(false);
    // A signature of another batch's statement (a v2 payload hash signature likewise) covers nothing here.
    const other = signEvidenceBatch(otherBatch, DID, hashes, KEY);
    expect(verifyEvidenceBatch(signer, leaf, { ...proof, signature: other.signature })).toBe(false);
  });

  it('draws batch ids of 16 CSPRNG bytes and refuses malformed ones', () => {
    const ids = Array.from({ length: 100 }, () => newEvidenceBatchId());
    for (const id of ids) expect(isEvidenceBatchId(id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const bad of ['', BATCH.toUpperCase(), `${BATCH}00`, 'g'.repeat(32)]) {
      expect(isEvidenceBatchId(bad)).toBe(false);
      expect(() => signEvidenceBatch(bad, DID, hashes, KEY)).toThrow(TypeError);
    }
    expect(() => signEvidenceBatch(BATCH, DID, [], KEY)).toThrow(TypeError);
    expect(parseEvidenceLeaf(texts[0]!)?.signer).toEqual({ batch: BATCH, did: DID });
  });
});
