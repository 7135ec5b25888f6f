import { describe, expect, it } from 'vitest';
import { ERRORS, type TInclusionProof } from '@tracehub/contract';
import {
  blockHash,
  blockPublicKey,
  evidenceBatchProof,
  evidenceLeafData,
  evidencePayloadHash,
  fromHex,
  GENESIS_PREV_HASH,
  hex,
  inclusionProof,
  leafHash,
  newEvidenceSalt,
  recoverPayloadSigner,
  rootFromLeafHashes,
  signBlock,
  signEvidenceBatch,
  signPayloadHash,
  type BlockHeader,
  type EvidenceEvent,
} from '@tracehub/ledger';
import { ApiError } from '../src/api/errors';
import { proofState } from '../src/features/ledger/proofState';
import { leafEvent, sha256OfFile, verifyProof } from '../src/features/ledger/verifyProof';

// Fixtures made with the ledger's own functions: five evidence events in one tree, sealed by a signed block.
const SECRET_KEY = fromHex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const PUBLIC_KEY = blockPublicKey(SECRET_KEY);
const OTHER_KEY = blockPublicKey(fromHex('4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb'));
const FILE_HASH = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'; // SHA-256 of "abc"

// An enterprise's secp256k1 key signs its record's payload hash; its did:ethr names the signing address.
const ENTERPRISE_KEY = fromHex('c85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4');
const signedPayload = { englishName: 'Galaxy Motors' };
const signedPayloadHash = evidencePayloadHash(signedPayload);
const signature = signPayloadHash(signedPayloadHash, ENTERPRISE_KEY);
const did = `did:ethr:0x1:${recoverPayloadSigner(signedPayloadHash, signature) ?? ''}`;

const PROJECT = { code: 'XH-EV-2026', notes: 'pilot line' };
const PROJECT_SALT = newEvidenceSalt();
const V2 = 5;
const V3 = [6, 7];
const BATCH = '5d41402abc4b2a76b9719d911017c592';

const events: EvidenceEvent[] = [
  {
    type: 'enterprise.certified',
    enterpriseUuid: 'ent-1',
    subjectType: 'enterprise',
    subjectId: 'ent-1',
    payload: { name: '星河汽车股份有限公司', usci: '91310000MA1FL0001X' },
    time: 1_760_000_000_000,
  },
  {
    type: 'file.uploaded',
    enterpriseUuid: 'ent-1',
    subjectType: 'file',
    subjectId: 'file-7',
    payload: { fileName: 'licence.png', size: 3 },
    dataHash: FILE_HASH,
    time: 1_760_000_001_000,
  },
  {
    type: 'company.updated',
    enterpriseUuid: 'ent-1',
    subjectType: 'enterprise',
    subjectId: 'ent-1',
    payload: signedPayload,
    time: 1_760_000_002_000,
    signer: { did, signature },
  },
  {
    type: 'file.uploaded',
    enterpriseUuid: null,
    subjectType: 'file',
    subjectId: 'file-8',
    payload: null,
    time: 1_760_000_003_000,
  },
  {
    type: 'company.updated',
    enterpriseUuid: 'ent-2',
    subjectType: 'enterprise',
    subjectId: 'ent-2',
    payload: [1, 'two'],
    time: 1_760_000_004_000,
  },
  // A v2 leaf: its payload hash commits to the payload under a secret salt.
  {
    type: 'project.created',
    enterpriseUuid: 'ent-1',
    subjectType: 'project',
    subjectId: '17',
    payload: PROJECT,
    salt: PROJECT_SALT,
    time: 1_760_000_005_000,
    v: 2,
  },
  // Two v3 leaves of one batch, which the enterprise signed once (docs/evidence-format.md 2a).
  ...[0, 1].map((k): EvidenceEvent => ({
    type: 'project.updated',
    enterpriseUuid: 'ent-1',
    subjectType: 'project',
    subjectId: '17',
    payload: { ...PROJECT, notes: `step ${k}` },
    salt: newEvidenceSalt(),
    time: 1_760_000_006_000 + k,
    signer: { did, batch: BATCH },
  })),
];

const decoder = new TextDecoder();
const leafTexts = events.map((e) => decoder.decode(evidenceLeafData(e)));
const leafHashes = events.map((e) => leafHash(evidenceLeafData(e)));
const header: BlockHeader = {
  height: 3,
  prevHash: GENESIS_PREV_HASH,
  treeSize: events.length,
  rootHash: hex(rootFromLeafHashes(leafHashes)),
  time: 1_760_000_005_000,
};

const batchLeaves = V3.map((i) => leafHashes[i]!);
const signedBatch = signEvidenceBatch(BATCH, did, batchLeaves, ENTERPRISE_KEY);

function proofOf(index: number): TInclusionProof {
  const leaf = leafHashes[index];
  const text = leafTexts[index];
  if (!leaf || text === undefined) throw new Error(`no leaf ${index}`);
  return {
    leafIndex: index,
    treeSize: header.treeSize,
    leafHash: hex(leaf),
    auditPath: inclusionProof(index, leafHashes).map(hex),
    rootHash: header.rootHash,
    block: { header: { ...header }, hash: blockHash(header), signature: signBlock(header, SECRET_KEY) },
    anchor: null,
    leafData: text,
    batch: V3.includes(index) ? evidenceBatchProof(signedBatch, batchLeaves, V3.indexOf(index)) : null,
  };
}

/** Flips one hex character (as an attacker editing a stored row would change one byte). */
function flip(value: string, at = 0): string {
  const c = value[at] === '0' ? '1' : '0';
  return value.slice(0, at) + c + value.slice(at + 1);
}

describe('browser verification of an inclusion proof', () => {
  it('accepts a genuine proof for every leaf, asked by its txHash', () => {
    for (let i = 0; i < events.length; i++) {
      const proof = proofOf(i);
      const result = verifyProof(proof, PUBLIC_KEY, proof.leafHash);
      expect(result.checks).toEqual({
        record: true,
        query: true,
        inclusion: true,
        blockHash: true,
        signature: true,
        // The third record was signed by its enterprise (v1), the last two in one batch (v3).
        signer: i === 2 || V3.includes(i) ? true : null,
        // No content given (the public page): the content check does not apply.
        payload: null,
      });
      expect(result.ok).toBe(true);
      expect(result.computedLeafHash).toBe(proof.leafHash);
      expect(result.computedBlockHash).toBe(proof.block.hash);
    }
  });

  it("accepts a file's data hash that the record names, and refuses a proof for another hash", () => {
    const proof = proofOf(1);
    expect(verifyProof(proof, PUBLIC_KEY, FILE_HASH.toUpperCase()).ok).toBe(true);
    const other = verifyProof(proof, PUBLIC_KEY, flip(FILE_HASH, 10));
    expect(other.checks.query).toBe(false);
    expect(other.ok).toBe(false);
    expect(verifyProof(proof, PUBLIC_KEY, 'not a hash').checks.query).toBe(false);
  });

  it('fails when one hex character of an audit-path element is changed', () => {
    const proof = proofOf(2);
    const path = [...proof.auditPath];
    path[1] = flip(path[1] ?? '', 17);
    const result = verifyProof({ ...proof, auditPath: path }, PUBLIC_KEY, proof.leafHash);
    expect(result.checks.inclusion).toBe(false);
    expect(result.checks.record).toBe(true);
    expect(result.checks.signature).toBe(true);
    expect(result.ok).toBe(false);
  });

  it('fails when the record data is altered, even with a matching leaf hash', () => {
    const proof = proofOf(2);
    const altered = proof.leafData.replace('"subjectId":"ent-1"', '"subjectId":"ent-9"');
    expect(altered).not.toBe(proof.leafData);
    const stale = verifyProof({ ...proof, leafData: altered }, PUBLIC_KEY);
    expect(stale.checks.record).toBe(false);
    expect(stale.checks.inclusion).toBe(false);
    // The attacker also rewrites the leaf hash: the path no longer leads to the signed root.
    const rehashed = hex(leafHash(new TextEncoder().encode(altered)));
    const forged = verifyProof({ ...proof, leafData: altered, leafHash: rehashed }, PUBLIC_KEY, rehashed);
    expect(forged.checks.record).toBe(true);
    expect(forged.checks.inclusion).toBe(false);
    expect(forged.ok).toBe(false);
  });

  it("fails when an enterprise's signature does not match its DID", () => {
    const proof = proofOf(2);
    const forgedSignature = signPayloadHash(signedPayloadHash, SECRET_KEY);
    const leafData = proof.leafData.replace(signature, forgedSignature);
    const leaf = hex(leafHash(new TextEncoder().encode(leafData)));
    const result = verifyProof({ ...proof, leafData, leafHash: leaf }, PUBLIC_KEY, leaf);
    expect(result.checks.signer).toBe(false);
    expect(result.ok).toBe(false);
  });

  it('refuses record data that is not in RFC 8785 canonical form', () => {
    const proof = proofOf(0);
    const spaced = JSON.stringify(JSON.parse(proof.leafData), null, 1);
    const result = verifyProof(
      { ...proof, leafData: spaced, leafHash: hex(leafHash(new TextEncoder().encode(spaced))) },
      PUBLIC_KEY,
    );
    expect(result.checks.record).toBe(false);
  });

  it('fails when the block header, its hash, root or signature do not hold', () => {
    const proof = proofOf(0);
    const later = { ...proof.block.header, time: proof.block.header.time + 1 };
    const edited = verifyProof({ ...proof, block: { ...proof.block, header: later } }, PUBLIC_KEY);
    expect(edited.checks.blockHash).toBe(false);
    expect(edited.checks.signature).toBe(false);

    expect(
      verifyProof({ ...proof, block: { ...proof.block, hash: flip(proof.block.hash) } }, PUBLIC_KEY).checks,
    ).toMatchObject({ blockHash: false, signature: true });
    expect(verifyProof(proof, OTHER_KEY).checks.signature).toBe(false);
    expect(verifyProof({ ...proof, rootHash: flip(proof.rootHash) }, PUBLIC_KEY).checks.inclusion).toBe(
      false,
    );
    expect(verifyProof({ ...proof, treeSize: proof.treeSize + 1 }, PUBLIC_KEY).checks.inclusion).toBe(false);
  });

  it('never throws on malformed input', () => {
    const proof = proofOf(3);
    const broken = {
      ...proof,
      auditPath: ['zz', ...proof.auditPath],
      leafData: '{not json',
      block: { ...proof.block, signature: 'xyz' },
    };
    const result = verifyProof(broken, 'nope', 'also nope');
    expect(result.ok).toBe(false);
    expect(result.checks).toMatchObject({
      record: false,
      query: false,
      inclusion: false,
      signature: false,
      // The header itself was left intact.
      blockHash: true,
    });
    expect(
      verifyProof(
        { ...proof, block: { ...proof.block, header: { ...proof.block.header, height: -1 } } },
        PUBLIC_KEY,
      ).checks.blockHash,
    ).toBe(false);
  });

  it("checks a v2 record's content and salt against the proven payload hash", () => {
    const proof = proofOf(V2);
    const leaf = leafEvent(proof.leafData)!;
    expect(leaf.v).toBe(2);
    // The public leaf does not confirm a guess of the content: its hash is not the unsalted one.
    expect(leaf.payloadHash).not.toBe(evidencePayloadHash(PROJECT));
    expect(proof.leafData).not.toContain(PROJECT_SALT);
    const given = verifyProof(proof, PUBLIC_KEY, proof.leafHash, { payload: PROJECT, salt: PROJECT_SALT });
    expect(given.checks.payload).toBe(true);
    expect(given.ok).toBe(true);
    const wrong = [
      { payload: { ...PROJECT, notes: 'other' }, salt: PROJECT_SALT },
      { payload: PROJECT, salt: newEvidenceSalt() },
      { payload: PROJECT, salt: null },
    ];
    for (const content of wrong) {
      const result = verifyProof(proof, PUBLIC_KEY, proof.leafHash, content);
      expect(result.checks.payload).toBe(false);
      expect(result.ok).toBe(false);
    }
  });

  it("checks a v3 record's batch signature: the batch must cover the leaf and be the DID's", () => {
    for (const i of V3) {
      const proof = proofOf(i);
      expect(leafEvent(proof.leafData)).toMatchObject({ v: 3, signer: { did, batch: BATCH } });
      expect(verifyProof(proof, PUBLIC_KEY, proof.leafHash).checks.signer).toBe(true);
    }
    const proof = proofOf(V3[0]!);
    const other = signEvidenceBatch(BATCH, did, batchLeaves, fromHex(flip(hex(ENTERPRISE_KEY), 3)));
    const forged: TInclusionProof[] = [
      { ...proof, batch: null },
      { ...proof, batch: { ...proof.batch!, signature: other.signature } },
      { ...proof, batch: { ...proof.batch!, index: 1 } },
      { ...proof, batch: { ...proof.batch!, auditPath: [flip(proof.batch!.auditPath[0]!, 5)] } },
      // The other leaf's batch proof does not cover this leaf.
      { ...proof, batch: proofOf(V3[1]!).batch },
    ];
    for (const p of forged) {
      const result = verifyProof(p, PUBLIC_KEY, p.leafHash);
      expect(result.checks.signer).toBe(false);
      expect(result.ok).toBe(false);
    }
  });

  it("checks a v1 record's content without a salt", () => {
    const proof = proofOf(0);
    const payload = { name: '星河汽车股份有限公司', usci: '91310000MA1FL0001X' };
    expect(verifyProof(proof, PUBLIC_KEY, undefined, { payload, salt: null }).checks.payload).toBe(true);
    expect(verifyProof(proof, PUBLIC_KEY, undefined, { payload, salt: PROJECT_SALT }).checks.payload).toBe(
      false,
    );
  });

  it('reads the evidence event from the leaf data', () => {
    expect(leafEvent(proofOf(1).leafData)).toMatchObject({
      type: 'file.uploaded',
      subjectType: 'file',
      subjectId: 'file-7',
      dataHash: FILE_HASH,
    });
    expect(leafEvent('[]')).toBeNull();
    expect(leafEvent('{')).toBeNull();
  });

  it('hashes a file with Web Crypto', async () => {
    expect(await sha256OfFile(new Blob(['abc']))).toBe(FILE_HASH);
  });
});

describe('proof state of a hash', () => {
  const key = { data: { publicKey: PUBLIC_KEY, keyId: 'k1' }, error: null };
  const proof = proofOf(1);

  it('is idle without a hash and loading until both answers are in', () => {
    expect(proofState(null, { data: proof, error: null }, key).status).toBe('idle');
    expect(proofState(proof.leafHash, { data: undefined, error: null }, key).status).toBe('loading');
    expect(
      proofState(proof.leafHash, { data: proof, error: null }, { data: undefined, error: null }).status,
    ).toBe('loading');
  });

  it('tells not sealed (L3001), not found (L3002) and other failures apart', () => {
    const business = (code: string) => new ApiError('business', code, 'msg');
    const state = (error: unknown) => proofState(proof.leafHash, { data: undefined, error }, key);
    expect(state(business(ERRORS.LEDGER_NOT_SEALED.code))).toEqual({ status: 'notSealed' });
    expect(state(business(ERRORS.LEDGER_NOT_FOUND.code))).toEqual({ status: 'notFound' });
    expect(state(new ApiError('network', null, 'offline'))).toEqual({ status: 'error', message: 'offline' });
    expect(
      proofState(
        proof.leafHash,
        { data: proof, error: null },
        { data: undefined, error: new Error('no key') },
      ),
    ).toEqual({ status: 'error', message: 'no key' });
  });

  it('adds the content check when the content is given', () => {
    const v2 = proofOf(V2);
    const content = { payload: PROJECT, salt: PROJECT_SALT };
    const done = proofState(v2.leafHash, { data: v2, error: null }, key, content);
    expect(done.status === 'done' && done.verification.checks.payload).toBe(true);
    const forged = proofState(v2.leafHash, { data: v2, error: null }, key, { ...content, payload: {} });
    expect(forged.status === 'done' && forged.verification.ok).toBe(false);
  });

  it('verifies a complete answer against the hash asked for', () => {
    const done = proofState(FILE_HASH, { data: proof, error: null }, key);
    expect(done.status).toBe('done');
    if (done.status !== 'done') return;
    expect(done.verification.ok).toBe(true);
    expect(done.keyId).toBe('k1');
    const tampered = { ...proof, auditPath: proof.auditPath.map((node, i) => (i === 0 ? flip(node) : node)) };
    const failed = proofState(FILE_HASH, { data: tampered, error: null }, key);
    expect(failed.status === 'done' && failed.verification.ok).toBe(false);
  });
});
