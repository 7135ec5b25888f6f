import { expect } from 'vitest';
import type { TChainDetail, TInclusionProof, TSignedBlock } from '@tracehub/contract';
import {
  blockHash,
  fromHex,
  hex,
  leafHash,
  parseEvidenceLeaf,
  evidenceBatchProof,
  verifyBlockSignature,
  verifyConsistency,
  verifyInclusion,
  verifyEvidenceBatch,
  verifyPayloadSignature,
  isBatchSigner,
} from '@tracehub/ledger';
import { eq } from 'drizzle-orm';
import { ledgerBatches } from '../../src/db/schema.ts';
import { batchLeafHashes } from '../../src/platform/ledger/proofs.ts';
import type { EventRow } from '../../src/platform/ledger/records.ts';
import { sealOnce, type SealedBlock } from '../../src/platform/ledger/sealer.ts';
import { call, type TestApp } from './app.ts';
import { dbOf, expectOk, type Res } from './helpers.ts';

/** Seals the pending evidence into one block, as the sealer job would. */
export const seal = (t: Pick<TestApp, 'app' | 'runtime'>): Promise<SealedBlock | null> =>
  sealOnce(dbOf(t), t.runtime.deps.platformKey);

export const platformPublicKey = (t: Pick<TestApp, 'app' | 'runtime'>): string =>
  t.runtime.deps.platformKey.publicKeyHex;

export function publicGet<T>(
  t: Pick<TestApp, 'app' | 'runtime'>,
  path: string,
  query?: Record<string, string>,
): Promise<Res<T>> {
  return call<T>(t.app, `/public${path}`, { method: 'GET', ...(query ? { query } : {}) });
}

export const proofOf = (t: Pick<TestApp, 'app' | 'runtime'>, hash: string, atHeight?: number) =>
  publicGet<TInclusionProof>(t, '/ledger/proof', {
    hash,
    ...(atHeight === undefined ? {} : { atHeight: String(atHeight) }),
  });

export const getHash = (t: Pick<TestApp, 'app' | 'runtime'>, token: string, hash: string) =>
  call<TChainDetail>(t.app, '/graph/getHash', { token, body: { hash } });

/** Checks a served block as a verifier would: header hash and platform signature. */
export function expectBlockVerifies(block: TSignedBlock, publicKey: string): void {
  expect(blockHash(block.header)).toBe(block.hash);
  expect(verifyBlockSignature(block.header, block.signature, publicKey)).toBe(true);
}

/**
 * Checks an inclusion proof with the ledger package (the independent-verifier test does it without): the
 * leaf data is a canonical evidence leaf hashing to the leaf hash, the path leads to the block's root, the
 * block verifies, and an enterprise signature recovers to its DID.
 */
export function expectProofVerifies(proof: TInclusionProof, publicKey: string): void {
  const leaf = parseEvidenceLeaf(proof.leafData);
  expect(leaf).not.toBeNull();
  const computed = leafHash(new TextEncoder().encode(proof.leafData));
  expect(hex(computed)).toBe(proof.leafHash);
  expect(proof.treeSize).toBe(proof.block.header.treeSize);
  expect(proof.rootHash).toBe(proof.block.header.rootHash);
  expect(
    verifyInclusion(
      proof.leafIndex,
      proof.treeSize,
      computed,
      proof.auditPath.map((h) => fromHex(h)),
      fromHex(proof.rootHash),
    ),
  ).toBe(true);
  expectBlockVerifies(proof.block, publicKey);
  const signer = leaf?.signer;
  if (signer && isBatchSigner(signer)) {
    // v3: the batch signature covers the leaf.
    expect(proof.batch).not.toBeNull();
    expect(verifyEvidenceBatch(signer, proof.leafHash, proof.batch!)).toBe(true);
  } else if (leaf && signer) {
    expect(verifyPayloadSignature(leaf.payloadHash, signer.signature, signer.did)).toBe(true);
    expect(proof.batch).toBeNull();
  }
}

/** Every pair of blocks up to the latest has a verifying consistency proof. */
export async function expectBlocksConsistent(t: Pick<TestApp, 'app' | 'runtime'>): Promise<number> {
  const latest = expectOk(await publicGet<TSignedBlock | null>(t, '/ledger/latest'));
  const top = latest?.header.height ?? -1;
  for (let from = 0; from <= top; from++) {
    for (let to = from; to <= top; to++) {
      const res = expectOk(
        await publicGet<{ from: TSignedBlock; to: TSignedBlock; proof: string[] }>(t, '/ledger/consistency', {
          from: String(from),
          to: String(to),
        }),
      );
      expect(
        verifyConsistency(
          res.from.header.treeSize,
          res.to.header.treeSize,
          fromHex(res.from.header.rootHash),
          fromHex(res.to.header.rootHash),
          res.proof.map((h) => fromHex(h)),
        ),
      ).toBe(true);
    }
  }
  return top + 1;
}

/**
 * Checks from the database that an enterprise signed a stored event: a v3 leaf names its batch, whose stored
 * signature covers the leaf and recovers to the event's DID (the event row keeps no signature of its own).
 */
export async function expectEventSigned(t: Pick<TestApp, 'app' | 'runtime'>, event: EventRow): Promise<void> {
  const leaf = parseEvidenceLeaf(event.leafData);
  expect(leaf?.v).toBe(3);
  const signer = leaf?.signer;
  if (!signer || !isBatchSigner(signer)) throw new Error('the event names no signed batch');
  expect(event.signature).toBeNull();
  expect(signer.did).toBe(event.signerDid);
  const [batch] = await dbOf(t).select().from(ledgerBatches).where(eq(ledgerBatches.id, signer.batch));
  expect(batch?.signerDid).toBe(event.signerDid);
  const hashes = batchLeafHashes(batch!.leafHashes);
  const proof = evidenceBatchProof(
    {
      batch: batch!.id,
      did: batch!.signerDid,
      root: batch!.rootHash,
      size: batch!.size,
      v: 3,
      signature: batch!.signature,
    },
    hashes.map((h) => fromHex(h)),
    hashes.indexOf(event.leafHash),
  );
  expect(verifyEvidenceBatch(signer, event.leafHash, proof)).toBe(true);
}
