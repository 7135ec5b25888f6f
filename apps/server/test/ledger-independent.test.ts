import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_UUID, call, signIn, startTestApp, useTestApp, type TestApp } from './support/app.ts';
import { pngBytes, upload } from './support/files.ts';
import { dbOf } from './support/helpers.ts';
import { jcs, type Json } from './support/independent-jcs.ts';
import {
  buf,
  ed25519Verify,
  hexOf,
  leaf,
  sha256,
  verifyBlock,
  verifyConsistency,
  verifyInclusion,
  type Block,
} from './support/independent-rfc.ts';
import { newProject } from './support/records.ts';
import { certificates, enterprises } from '../src/db/schema.ts';
import { sealOnce } from '../src/platform/ledger/sealer.ts';

// An independent verifier, as a third party would write it from the README: only node:crypto (SHA-256,
// Ed25519) and its own RFC 8785 and RFC 9162 code, nothing from packages/ledger. The server is used only
// through its public HTTP API (and to seal between steps, as its job would).

interface BatchProof {
  id: string;
  did: string;
  size: number;
  index: number;
  rootHash: string;
  auditPath: string[];
  signature: string;
}

/**
 * A v3 leaf's batch signature (docs/evidence-format.md 2a): the batch path leads from the leaf to the batch
 * root (RFC 9162), and the enterprise's secp256k1 key signed SHA-256 of the RFC 8785 statement
 * {batch, did, root, size, v: 3}, i.e. ECDSA with SHA-256 over the statement bytes (r || s; the trailing
 * recovery byte is for verifiers that recover the key). The key's did:ethr address is its Keccak-256, which
 * node:crypto lacks: here the enterprise's stored public key stands for it (packages/ledger checks the address).
 */
function verifyBatch(
  signer: { did: string; batch: string },
  leafHash: Buffer,
  proof: BatchProof,
  publicKeyHex: string,
): boolean {
  if (proof.id !== signer.batch || proof.did !== signer.did) return false;
  if (!verifyInclusion(proof.index, proof.size, leafHash, proof.auditPath.map(buf), buf(proof.rootHash)))
    return false;
  const statement = jcs({ batch: proof.id, did: proof.did, root: proof.rootHash, size: proof.size, v: 3 });
  // SPKI DER of a secp256k1 point (OID 1.3.132.0.10), compressed (33 bytes) or not (65).
  const raw = publicKeyHex.replace(/^0x/, '');
  const prefix =
    raw.length === 66
      ? '3036301006072a8648ce3d020106052b8104000a032200'
      : '3056301006072a8648ce3d020106052b8104000a034200';
  const key = createPublicKey({ key: buf(prefix + raw), format: 'der', type: 'spki' });
  return cryptoVerify(
    'sha256',
    Buffer.from(statement),
    { key, dsaEncoding: 'ieee-p1363' },
    buf(proof.signature.slice(2, 130)),
  );
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(text: string): Buffer {
  let n = 0n;
  for (const c of text) n = n * 58n + BigInt(BASE58.indexOf(c));
  const hex = n.toString(16);
  return Buffer.concat([
    Buffer.alloc(text.length - text.replace(/^1+/, '').length),
    buf(hex.length % 2 ? `0${hex}` : hex),
  ]);
}

/** W3C vc-di-eddsa eddsa-jcs-2022: Ed25519 over SHA-256(JCS(proof config)) || SHA-256(JCS(document)). */
function verifyCredential(vc: Record<string, Json>, publicKeyHex: string): boolean {
  const { proof, ...document } = vc;
  const { proofValue, ...config } = proof as Record<string, Json>;
  const data = Buffer.concat([sha256(jcs(config)), sha256(jcs(document))]);
  return ed25519Verify(publicKeyHex, data, base58((proofValue as string).slice(1)));
}

describe('an independent verifier (node:crypto and the public API only)', () => {
  const t = useTestApp();
  const get = async <T>(path: string, query?: Record<string, string>): Promise<T> => {
    const res = await call<T>(t.app, `/public${path}`, { method: 'GET', ...(query ? { query } : {}) });
    expect(res.body.code).toBe('0000');
    return res.body.data;
  };
  const hashes: string[] = [];

  beforeAll(async () => {
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    const { bizNo } = await newProject(t.app, token);
    for (let i = 0; i < 6; i++) {
      const content = pngBytes(5 + i, true);
      hashes.push(sha256(content).toString('hex'));
      const res = await upload(t.app, {
        token,
        bizType: 'attachment',
        bizNo,
        fileName: `${i}.png`,
        content,
      });
      expect(res.body.code).toBe('0000');
      if (i % 2 === 1) await sealOnce(dbOf(t), t.runtime.deps.platformKey);
    }
  });

  it('verifies inclusion proofs of dropped files and every block they name', async () => {
    const { publicKey, algorithm } = await get<{ publicKey: string; algorithm: string }>('/ledger/key');
    expect(algorithm).toBe('Ed25519');
    for (const fileHash of hashes) {
      const proof = await get<{
        leafIndex: number;
        treeSize: number;
        leafHash: string;
        auditPath: string[];
        rootHash: string;
        block: Block;
        leafData: string;
        batch: BatchProof | null;
      }>('/ledger/proof', { hash: fileHash });
      const data = JSON.parse(proof.leafData) as Record<string, Json>;
      expect(jcs(data)).toBe(proof.leafData); // canonical, so nothing else could stand for it
      expect(data.dataHash).toBe(fileHash);
      expect(hexOf(leaf(proof.leafData))).toBe(proof.leafHash);
      expect(proof.block.header.treeSize).toBe(proof.treeSize);
      expect(proof.block.header.rootHash).toBe(proof.rootHash);
      expect(
        verifyInclusion(
          proof.leafIndex,
          proof.treeSize,
          leaf(proof.leafData),
          proof.auditPath.map(buf),
          buf(proof.rootHash),
        ),
      ).toBe(true);
      expect(verifyBlock(proof.block, publicKey)).toBe(true);
      // Leaf v3: the enterprise's batch signature covers this leaf; a changed leaf or statement fails.
      expect(data.v).toBe(3);
      const signer = data.signer as { did: string; batch: string };
      const [enterprise] = await dbOf(t)
        .select({ publicKey: enterprises.publicKey })
        .from(enterprises)
        .where(eq(enterprises.uuid, AUTO_UUID));
      const enterpriseKey = enterprise!.publicKey!;
      expect(verifyBatch(signer, leaf(proof.leafData), proof.batch!, enterpriseKey)).toBe(true);
      expect(verifyBatch(signer, leaf(`${proof.leafData} `), proof.batch!, enterpriseKey)).toBe(false);
      expect(
        verifyBatch(
          signer,
          leaf(proof.leafData),
          { ...proof.batch!, size: proof.batch!.size + 1 },
          enterpriseKey,
        ),
      ).toBe(false);
      expect(
        verifyBatch({ ...signer, batch: '0'.repeat(32) }, leaf(proof.leafData), proof.batch!, enterpriseKey),
      ).toBe(false);
      expect(verifyBlock(await get<Block>(`/ledger/blocks/${proof.block.header.height}`), publicKey)).toBe(
        true,
      );
      // A flipped bit anywhere fails.
      const flipped = proof.auditPath.map(buf);
      if (flipped.length > 0) {
        flipped[0]![0]! ^= 1;
        expect(
          verifyInclusion(
            proof.leafIndex,
            proof.treeSize,
            leaf(proof.leafData),
            flipped,
            buf(proof.rootHash),
          ),
        ).toBe(false);
      }
      expect(
        verifyBlock(
          { ...proof.block, header: { ...proof.block.header, time: proof.block.header.time + 1 } },
          publicKey,
        ),
      ).toBe(false);
    }
  });

  it('verifies the chain of blocks and the consistency of every pair', async () => {
    const { publicKey } = await get<{ publicKey: string }>('/ledger/key');
    const latest = await get<Block>('/ledger/latest');
    let previous: Block | null = null;
    for (let h = 0; h <= latest.header.height; h++) {
      const block = await get<Block>(`/ledger/blocks/${h}`);
      expect(verifyBlock(block, publicKey)).toBe(true);
      expect(block.header.prevHash).toBe(previous ? previous.hash : '0'.repeat(64));
      for (let from = 0; from <= h; from++) {
        const c = await get<{ from: Block; to: Block; proof: string[] }>('/ledger/consistency', {
          from: String(from),
          to: String(h),
        });
        expect(verifyBlock(c.from, publicKey) && verifyBlock(c.to, publicKey)).toBe(true);
        expect(
          verifyConsistency(
            c.from.header.treeSize,
            c.to.header.treeSize,
            buf(c.from.header.rootHash),
            buf(c.to.header.rootHash),
            c.proof.map(buf),
          ),
        ).toBe(true);
      }
      previous = block;
    }
    expect(latest.header.height).toBeGreaterThanOrEqual(3);
  });

  it("verifies a certification credential with the platform's public key", async () => {
    const { publicKey } = await get<{ publicKey: string }>('/ledger/key');
    const [certificate] = await dbOf(t).select({ number: certificates.number }).from(certificates).limit(1);
    const vc = await get<Record<string, Json>>(`/credentials/${certificate!.number}`);
    expect(verifyCredential(vc, publicKey)).toBe(true);
    const subject = vc.credentialSubject as Record<string, Json>;
    expect(verifyCredential({ ...vc, credentialSubject: { ...subject, name: 'Other' } }, publicKey)).toBe(
      false,
    );
    // The issuer's did:key carries the same key: multicodec 0xed01 + the 32 bytes, base58btc.
    const did = vc.issuer as string;
    expect(hexOf(base58(did.slice('did:key:z'.length)))).toBe(`ed01${publicKey}`);
    const doc = await get<{ verificationMethod: { publicKeyMultibase: string }[] }>(`/did/${did}`);
    expect(doc.verificationMethod[0]!.publicKeyMultibase).toBe(did.slice('did:key:'.length));
  });
});

describe("an independent verifier re-checking a record's salted data (leaf v2, v3)", () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('re-computes payloadHash from the data and salt a member receives, and the guess alone fails', async () => {
    t = await startTestApp();
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    const payload = { code: 'IND-V2', notes: '独立验证' };
    const created = await call<{ chain: { txHash: string } }>(t.app, '/project/add', {
      token,
      body: payload,
    });
    expect(created.body.code).toBe('0000');
    await sealOnce(dbOf(t), t.runtime.deps.platformKey);
    const txHash = created.body.data.chain.txHash;
    const proof = await call<{ leafHash: string; leafData: string }>(t.app, '/public/ledger/proof', {
      method: 'GET',
      query: { hash: txHash },
    });
    const { leafData, leafHash } = proof.body.data;
    expect(hexOf(leaf(leafData))).toBe(leafHash);
    expect(proof.text).not.toContain('salt');
    const data = JSON.parse(leafData) as Record<string, Json>;
    expect(jcs(data)).toBe(leafData);
    expect(data.v).toBe(3); // v3 commits to the data as v2 does
    // docs/evidence-format.md: SHA-256 of the RFC 8785 bytes of {"payload": <data>, "salt": <64 hex>}.
    const detail = await call<{ content: { payload: Json; salt: string } }>(t.app, '/graph/getEvidence', {
      token,
      body: { hash: txHash },
    });
    const { salt } = detail.body.data.content;
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(hexOf(sha256(jcs({ payload, salt })))).toBe(data.payloadHash);
    expect(hexOf(sha256(jcs(payload)))).not.toBe(data.payloadHash);
  });
});
