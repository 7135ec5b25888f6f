import { eq } from 'drizzle-orm';
import { BrowserProvider, Contract, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInclusionProof, TSignedBlock, TAnchor } from '@tracehub/contract';
import type { Db } from '../src/db/client.ts';
import { ledgerAnchors, ledgerBlocks, ledgerEvents } from '../src/db/schema.ts';
import type { AnchorChain } from '../src/platform/chain/anchor-chain.ts';
import { ARTIFACT_FILE, loadAnchorArtifact } from '../src/platform/chain/artifact.ts';
import { AnchorConflictError, anchorPending, checkAnchorOnChain } from '../src/platform/chain/anchorer.ts';
import { compileEvidenceAnchor } from '../src/platform/chain/compile.ts';
import { startDevChain, type DevChain } from '../src/platform/chain/dev-chain.ts';
import { verifyLedger } from '../src/platform/ledger/verify.ts';
import { AUTO_UUID, signIn, startTestApp, type TestApp } from './support/app.ts';
import { pdfBytes, upload } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { expectProofVerifies, platformPublicKey, proofOf, publicGet, seal } from './support/ledger.ts';
import { newProject } from './support/records.ts';

const EXPLORER = 'https://explorer.example.test';
const OTHER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'; // dev account #1

describe('EvidenceAnchor contract artifact', () => {
  it('is what solc-js compiles from contracts/EvidenceAnchor.sol today', () => {
    const fresh = compileEvidenceAnchor();
    const committed = loadAnchorArtifact();
    expect(fresh.compiler).toBe(committed.compiler);
    expect(fresh.abi).toEqual(committed.abi);
    expect(fresh.bytecode, `run npm run contracts:build to refresh ${ARTIFACT_FILE}`).toBe(
      committed.bytecode,
    );
  });
});

/** Anchoring against a real in-process EVM node reached over HTTP JSON-RPC, as any chain would be. */
describe('EVM anchoring', () => {
  let node: DevChain;
  let t: TestApp;
  let db: Db;
  let chain: AnchorChain;
  let token: string;
  /** The project the evidence's uploads are filed under. */
  let bizNo: string;
  let ethers: BrowserProvider;

  // Straight from the node: ethers' provider caches repeated queries briefly.
  const chainHeight = async () =>
    Number(await node.provider.request({ method: 'eth_blockNumber', params: [] }));
  const newEvidence = async (n: number) => {
    for (let i = 0; i < n; i++) {
      expectOk(
        await upload(t.app, {
          token,
          bizType: 'attachment',
          bizNo,
          fileName: 'a.pdf',
          content: pdfBytes(),
        }),
      );
    }
  };
  const anchorRow = async (height: number) =>
    (await db.select().from(ledgerAnchors).where(eq(ledgerAnchors.height, height)))[0];
  const leafOfBlock = async (height: number) =>
    (
      await db
        .select({ leafHash: ledgerEvents.leafHash })
        .from(ledgerEvents)
        .where(eq(ledgerEvents.blockHeight, height))
        .limit(1)
    )[0]!.leafHash;
  const blockRow = async (height: number) =>
    (await db.select().from(ledgerBlocks).where(eq(ledgerBlocks.height, height)))[0]!;
  /** The contract as its owner or another account, straight on the node (not through the server). */
  const contractAs = (key: string) =>
    new Contract(node.contractAddress, loadAnchorArtifact().abi as never, new Wallet(key, ethers));
  /** Anchors straight on the contract as its owner, the nonce asked of the node (ethers caches it briefly). */
  const anchorDirectly = async (height: number, root: string, size: number, hash: string) => {
    const owner = new Wallet(node.privateKey);
    const nonce = Number(
      await node.provider.request({ method: 'eth_getTransactionCount', params: [owner.address, 'pending'] }),
    );
    const tx = (await contractAs(node.privateKey).getFunction('anchor')(height, root, size, hash, {
      nonce,
    })) as { wait(): Promise<unknown> };
    await tx.wait();
  };

  beforeAll(async () => {
    node = await startDevChain(0);
    ethers = new BrowserProvider(node.provider);
    t = await startTestApp({
      CHAIN_RPC_URL: node.rpcUrl,
      CHAIN_PRIVATE_KEY: node.privateKey,
      CHAIN_CONTRACT_ADDRESS: node.contractAddress,
      CHAIN_ID: String(node.chainId),
      CHAIN_EXPLORER_URL: EXPLORER,
      // The test anchors by hand so that it can count transactions.
      CHAIN_ANCHOR_INTERVAL_MS: '3600000',
    });
    db = dbOf(t);
    chain = t.runtime.deps.chain!;
    token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    bizNo = (await newProject(t.app, token)).bizNo;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  it('anchors every sealed block with exactly one transaction each', async () => {
    // The seed's evidence was sealed at start; anchor that backlog first.
    const before = await chainHeight();
    const backlog = await anchorPending(db, chain);
    expect(backlog.length).toBeGreaterThan(0);
    expect(await chainHeight()).toBe(before + backlog.length);

    const heights: number[] = [];
    for (let b = 0; b < 3; b++) {
      await newEvidence(4);
      heights.push((await seal(t))!.header.height);
    }
    const start = await chainHeight();
    const written = await anchorPending(db, chain);
    expect(written.map((a) => a.height)).toEqual(heights);
    // Automining: one chain block per transaction, so chain blocks added = transactions sent.
    expect(await chainHeight()).toBe(start + heights.length);
    for (const h of heights) {
      const row = (await anchorRow(h))!;
      const block = await blockRow(h);
      expect(row.chainId).toBe(node.chainId);
      expect(row.contract).toBe(node.contractAddress.toLowerCase());
      expect(await chain.anchorOf(h)).toMatchObject({
        rootHash: block.rootHash,
        treeSize: Number(block.treeSize),
        blockHash: block.hash,
      });
      expect(await checkAnchorOnChain(chain, row, block)).toBeNull();
    }
    // Nothing new: no transaction.
    expect(await anchorPending(db, chain)).toEqual([]);
    expect(await chainHeight()).toBe(start + heights.length);
  });

  it('serves the anchor, with its explorer link, in proofs and blocks', async () => {
    await newEvidence(1);
    const sealed = (await seal(t))!;
    await anchorPending(db, chain);
    const leaf = await leafOfBlock(sealed.header.height);
    const proof = expectOk(await proofOf(t, leaf));
    expectProofVerifies(proof, platformPublicKey(t));
    const row = (await anchorRow(sealed.header.height))!;
    expect(proof.anchor).toMatchObject({
      height: sealed.header.height,
      chainId: node.chainId,
      txHash: row.txHash,
      explorerUrl: `${EXPLORER}/tx/0x${row.txHash}`,
    });
    const block = expectOk(
      await publicGet<TSignedBlock & { anchor: TAnchor | null }>(t, `/ledger/blocks/${sealed.header.height}`),
    );
    expect(block.anchor?.txHash).toBe(row.txHash);
    // The transaction is on the node and its Anchored event names this block.
    const logs = await chain.anchoredLogs(row.txHash);
    expect(logs).toEqual([
      {
        height: sealed.header.height,
        rootHash: sealed.header.rootHash,
        treeSize: sealed.header.treeSize,
        blockHash: sealed.hash,
      },
    ]);
  });

  it('the contract refuses to rewrite an anchored height, and anyone but its owner', async () => {
    const height = (await db.select().from(ledgerAnchors).limit(1))[0]!.height;
    const forged = `0x${'ab'.repeat(32)}`;
    await expect(
      contractAs(node.privateKey).getFunction('anchor')(height, forged, 1, forged),
    ).rejects.toThrow(/HeightAlreadyAnchored|reverted/);
    await expect(contractAs(OTHER_KEY).getFunction('anchor')(999_999, forged, 1, forged)).rejects.toThrow(
      /NotOwner|reverted/,
    );
    expect((await chain.anchorOf(height))?.rootHash).not.toBe(forged.slice(2));
  });

  it('a rewritten anchor record is detected by ledger:verify and refused by the proof endpoints', async () => {
    const anchors = await db.select().from(ledgerAnchors).orderBy(ledgerAnchors.height);
    const victim = anchors[anchors.length - 1]!;
    const other = anchors[0]!;
    const leaf = await leafOfBlock(victim.height);
    expectOk(await proofOf(t, leaf));

    // Point the record at another block's transaction.
    await db
      .update(ledgerAnchors)
      .set({ txHash: other.txHash })
      .where(eq(ledgerAnchors.height, victim.height));
    try {
      const report = await verifyLedger(db, {
        publicKeyHex: platformPublicKey(t),
        checkAnchor: (a, b) => checkAnchorOnChain(chain, a, b),
      });
      expect(report.ok).toBe(false);
      expect(report.problems.map((p) => `${p.location}: ${p.message}`)).toEqual([
        `anchor of block ${victim.height}: transaction ${other.txHash} did not anchor block ${victim.height}`,
      ]);
      expectError(await proofOf(t, leaf), 'LEDGER_INTEGRITY');
      expectError(await publicGet(t, `/ledger/blocks/${victim.height}`), 'LEDGER_INTEGRITY');
    } finally {
      await db
        .update(ledgerAnchors)
        .set({ txHash: victim.txHash })
        .where(eq(ledgerAnchors.height, victim.height));
    }
    const clean = await verifyLedger(db, {
      publicKeyHex: platformPublicKey(t),
      checkAnchor: (a, b) => checkAnchorOnChain(chain, a, b),
    });
    expect(clean.ok).toBe(true);
    expect(clean.anchors).toBe(anchors.length);
    expectOk(await proofOf(t, leaf));
  });

  it('a changed block root no longer matches its anchor', async () => {
    const victim = (await db.select().from(ledgerAnchors).limit(1))[0]!;
    const block = await blockRow(victim.height);
    expect(await checkAnchorOnChain(chain, victim, { ...block, rootHash: '00'.repeat(32) })).toMatch(
      /the chain anchors root/,
    );
  });

  it('after a crash between the transaction and its record, the anchor is recorded from the chain, not sent again', async () => {
    await newEvidence(2);
    const sealed = (await seal(t))!;
    // The transaction went out, the process died before writing the row.
    await anchorDirectly(
      sealed.header.height,
      `0x${sealed.header.rootHash}`,
      sealed.header.treeSize,
      `0x${sealed.hash}`,
    );
    const start = await chainHeight();
    const written = await anchorPending(db, chain);
    expect(written.map((a) => a.height)).toEqual([sealed.header.height]);
    expect(await chainHeight()).toBe(start);
    expect(await checkAnchorOnChain(chain, written[0]!, await blockRow(sealed.header.height))).toBeNull();
  });

  it('stops with a conflict when the chain holds another root for a height', async () => {
    await newEvidence(1);
    const sealed = (await seal(t))!;
    const other = `0x${'cd'.repeat(32)}`;
    await anchorDirectly(sealed.header.height, other, 1, other);
    await expect(anchorPending(db, chain)).rejects.toBeInstanceOf(AnchorConflictError);
    expect(await anchorRow(sealed.header.height)).toBeUndefined();
  });

  it('records proofs of blocks not anchored yet without an anchor', async () => {
    await newEvidence(1);
    const sealed = (await seal(t))!;
    const proof = expectOk(
      await publicGet<TSignedBlock & { anchor: TAnchor | null }>(t, `/ledger/blocks/${sealed.header.height}`),
    );
    expect(proof.anchor).toBeNull();
    expect((proof as unknown as TInclusionProof).block).toBeUndefined();
  });
});

describe('the anchor job', () => {
  it('anchors blocks the sealer closes, in the background, once each', async () => {
    const node = await startDevChain(0);
    const t = await startTestApp({
      CHAIN_RPC_URL: node.rpcUrl,
      CHAIN_PRIVATE_KEY: node.privateKey,
      CHAIN_CONTRACT_ADDRESS: node.contractAddress,
      LEDGER_SEAL_INTERVAL_MS: '100',
      CHAIN_ANCHOR_INTERVAL_MS: '100',
    });
    try {
      const db = dbOf(t);
      const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
      expectOk(
        await upload(t.app, {
          token,
          bizType: 'attachment',
          bizNo: (await newProject(t.app, token)).bizNo,
          fileName: 'a.pdf',
          content: pdfBytes(),
        }),
      );
      // Wait (bounded) until every block, including the upload's, has its anchor.
      let blocks = 0;
      let anchors = 0;
      for (let i = 0; i < 200; i++) {
        blocks = (await db.select({ h: ledgerBlocks.height }).from(ledgerBlocks)).length;
        anchors = (await db.select({ h: ledgerAnchors.height }).from(ledgerAnchors)).length;
        if (blocks >= 2 && anchors === blocks) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(blocks).toBeGreaterThanOrEqual(2);
      expect(anchors).toBe(blocks);
      // One anchoring transaction per block: the node mined the deployment plus one block per anchor.
      const mined = Number(await node.provider.request({ method: 'eth_blockNumber', params: [] }));
      expect(mined).toBe(1 + blocks);
    } finally {
      await t.close();
      await node.close();
    }
  }, 60_000);
});
