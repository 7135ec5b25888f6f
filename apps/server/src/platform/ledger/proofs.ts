import { eq } from 'drizzle-orm';
import type { TEvidenceBatchProof, TInclusionProof, TSignedBlock } from '@tracehub/contract';
import {
  blockHash,
  consistencyProofFromSubtrees,
  fromHex,
  hex,
  inclusionProofFromSubtrees,
  isBatchSigner,
  leafHash,
  nodeHash,
  parseEvidenceLeaf,
  splitPoint,
  verifyBlockSignature,
  verifyConsistency,
  verifyEvidenceBatch,
  verifyInclusion,
} from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { ledgerBatches } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { MissingNodeError, withStoredSubtrees } from './nodes.ts';
import {
  anchorAt,
  blockAt,
  toAnchor,
  toSignedBlock,
  type AnchorRow,
  type BlockRow,
  type EventRow,
} from './records.ts';

/** The on-chain check of an anchor: a problem message, or null when it holds (platform/chain). */
export type AnchorCheck = (anchor: AnchorRow, block: BlockRow) => Promise<string | null>;

const utf8 = new TextEncoder();

/** A block as served, refused (L3003) when its hash or platform signature does not verify. */
function checkedBlock(block: TSignedBlock, publicKeyHex: string): TSignedBlock {
  if (
    blockHash(block.header) !== block.hash ||
    !verifyBlockSignature(block.header, block.signature, publicKeyHex)
  ) {
    throw new AppError('LEDGER_INTEGRITY');
  }
  return block;
}

async function fromStoredNodes<T>(db: Db, generate: Parameters<typeof withStoredSubtrees<T>>[1]): Promise<T> {
  try {
    return await withStoredSubtrees(db, generate);
  } catch (err) {
    if (err instanceof MissingNodeError) throw new AppError('LEDGER_INTEGRITY');
    throw err;
  }
}

/** The leaf hashes of a stored batch, in order (64 hex characters each). */
export function batchLeafHashes(leafHashes: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < leafHashes.length; i += 64) out.push(leafHashes.slice(i, i + 64));
  return out;
}

/** A stored batch as a proof reader keeps it: its row, leaf hashes and the subtree hashes computed so far. */
interface BatchTree {
  row: typeof ledgerBatches.$inferSelect;
  hashes: string[];
  leaves: Uint8Array[];
  subtrees: Map<number, Uint8Array>;
  /** The statement's signature was checked (once per batch). */
  signatureOk: boolean;
}

type CheckedBlock = {
  row: NonNullable<Awaited<ReturnType<typeof blockAt>>>;
  block: TSignedBlock;
  anchor: Awaited<ReturnType<typeof anchorAt>>;
};

/**
 * What many proofs of one reader share (an evidence package writes thousands of proofs whose leaves share a
 * few batches and blocks): each batch row is read, its tree hashed and its signature checked once, not once
 * per leaf, and so is each block (its row, its hash and signature, its anchor). Holds the last `max` batches
 * (events come in id order, so batches come one after another) and every block asked for (a few).
 */
export class ProofCache {
  private readonly trees = new Map<string, BatchTree>();
  private readonly blocks = new Map<number, CheckedBlock | null>();
  constructor(private readonly max = 4) {}

  async block(db: Db, height: number, publicKeyHex: string): Promise<CheckedBlock | null> {
    if (!this.blocks.has(height)) this.blocks.set(height, await checkedBlockAt(db, height, publicKeyHex));
    return this.blocks.get(height) ?? null;
  }

  async tree(db: Db, id: string): Promise<BatchTree | null> {
    const found = this.trees.get(id);
    if (found) return found;
    const [row] = await db.select().from(ledgerBatches).where(eq(ledgerBatches.id, id));
    if (!row) return null;
    const hashes = batchLeafHashes(row.leafHashes);
    const tree: BatchTree = {
      row,
      hashes,
      leaves: hashes.map((h) => fromHex(h)),
      subtrees: new Map(),
      signatureOk: false,
    };
    if (this.trees.size >= this.max) this.trees.delete(this.trees.keys().next().value!);
    this.trees.set(id, tree);
    return tree;
  }
}

/** MTH(D[start:end]) of a batch, memoised: a batch's paths together hash its tree once. */
function batchSubtree(tree: BatchTree, start: number, end: number): Uint8Array {
  if (end - start === 1) return tree.leaves[start]!;
  const key = start * (tree.leaves.length + 1) + end;
  const known = tree.subtrees.get(key);
  if (known) return known;
  const mid = start + splitPoint(end - start);
  const hash = nodeHash(batchSubtree(tree, start, mid), batchSubtree(tree, mid, end));
  tree.subtrees.set(key, hash);
  return hash;
}

/**
 * The batch proof of a signed v3 leaf (docs/evidence-format.md 2a): its path in its batch's tree, the
 * batch root, size and the enterprise's signature, checked before it is served (L3003 when the stored batch
 * does not cover the leaf). Null for a leaf without a batch (v1/v2 carry their own signature, unsigned).
 * With a cache (many proofs of one reader), the batch is read, hashed and its signature checked once.
 */
export async function batchProofOf(
  db: Db,
  leafData: string,
  leafHashHex: string,
  cache: ProofCache = new ProofCache(1),
): Promise<TEvidenceBatchProof | null> {
  const signer = parseEvidenceLeaf(leafData)?.signer;
  if (!signer || !isBatchSigner(signer)) return null;
  const tree = await cache.tree(db, signer.batch);
  if (!tree) throw new AppError('LEDGER_INTEGRITY');
  const { row, hashes } = tree;
  const index = hashes.indexOf(leafHashHex);
  if (index < 0 || hashes.length !== row.size) throw new AppError('LEDGER_INTEGRITY');
  const proof: TEvidenceBatchProof = {
    id: row.id,
    did: row.signerDid,
    size: row.size,
    index,
    rootHash: row.rootHash,
    auditPath: inclusionProofFromSubtrees(index, row.size, (a, b) => batchSubtree(tree, a, b)).map(hex),
    signature: row.signature,
  };
  if (!tree.signatureOk) {
    // The full check once per batch: ids, the path, the statement's signature.
    if (!verifyEvidenceBatch(signer, leafHashHex, proof)) throw new AppError('LEDGER_INTEGRITY');
    tree.signatureOk = true;
  } else if (
    proof.id !== signer.batch ||
    proof.did !== signer.did ||
    !verifyInclusion(
      index,
      row.size,
      fromHex(leafHashHex),
      proof.auditPath.map(fromHex),
      fromHex(row.rootHash),
    )
  ) {
    throw new AppError('LEDGER_INTEGRITY');
  }
  return proof;
}

/** The block of a height with its hash and signature checked (L3003 otherwise) and its anchor, or null. */
async function checkedBlockAt(db: Db, height: number, publicKeyHex: string): Promise<CheckedBlock | null> {
  const row = await blockAt(db, height);
  if (!row) return null;
  return { row, block: checkedBlock(toSignedBlock(row), publicKeyHex), anchor: await anchorAt(db, height) };
}

/**
 * The RFC 9162 inclusion proof of a sealed record against the block that sealed it (or a later block,
 * `atHeight`), with its leaf data and signed block. The server checks what it serves as any verifier
 * would (leaf data hashes to the leaf, the path leads to the block's root, the block's hash and signature
 * hold, a v3 leaf's batch signature covers it) and refuses with L3003 when the stored ledger no longer verifies.
 */
export async function inclusionProofOf(
  db: Db,
  event: EventRow,
  publicKeyHex: string,
  atHeight?: number,
  checkAnchor?: AnchorCheck,
  cache?: ProofCache,
): Promise<TInclusionProof> {
  if (event.leafIndex === null || event.blockHeight === null) throw new AppError('LEDGER_NOT_SEALED');
  const leafIndex = Number(event.leafIndex);
  const height = atHeight ?? event.blockHeight;
  const found = cache
    ? await cache.block(db, height, publicKeyHex)
    : await checkedBlockAt(db, height, publicKeyHex);
  if (!found) throw new AppError('LEDGER_NOT_FOUND');
  const { row, block, anchor } = found;
  const { treeSize, rootHash } = block.header;
  // The record is not in the tree of an earlier block.
  if (leafIndex >= treeSize) throw new AppError('LEDGER_NOT_SEALED');

  const path = await fromStoredNodes(db, (subtree) =>
    inclusionProofFromSubtrees(leafIndex, treeSize, subtree),
  );
  const computedLeaf = leafHash(utf8.encode(event.leafData));
  if (
    hex(computedLeaf) !== event.leafHash ||
    !verifyInclusion(leafIndex, treeSize, computedLeaf, path, fromHex(rootHash))
  ) {
    throw new AppError('LEDGER_INTEGRITY');
  }
  const batch = await batchProofOf(db, event.leafData, event.leafHash, cache);
  // A recorded anchor must hold on the chain too (ledger:verify reports the details).
  if (anchor && checkAnchor && (await checkAnchor(anchor, row)) !== null)
    throw new AppError('LEDGER_INTEGRITY');
  return {
    leafIndex,
    treeSize,
    leafHash: event.leafHash,
    auditPath: path.map(hex),
    rootHash,
    block,
    anchor: anchor ? toAnchor(anchor) : null,
    leafData: event.leafData,
    batch,
  };
}

/** The RFC 9162 consistency proof between the trees of two blocks, checked before it is served. */
export async function consistencyProofBetween(
  db: Db,
  fromHeight: number,
  toHeight: number,
  publicKeyHex: string,
): Promise<{ from: TSignedBlock; to: TSignedBlock; proof: string[] }> {
  if (fromHeight > toHeight) {
    throw new AppError('VALIDATION', { detail: 'from must not be greater than to' });
  }
  const [fromRow, toRow] = await Promise.all([blockAt(db, fromHeight), blockAt(db, toHeight)]);
  if (!fromRow || !toRow) throw new AppError('LEDGER_NOT_FOUND');
  const from = checkedBlock(toSignedBlock(fromRow), publicKeyHex);
  const to = checkedBlock(toSignedBlock(toRow), publicKeyHex);
  const first = from.header.treeSize;
  const second = to.header.treeSize;
  const proof = await fromStoredNodes(db, (subtree) => consistencyProofFromSubtrees(first, second, subtree));
  if (!verifyConsistency(first, second, fromHex(from.header.rootHash), fromHex(to.header.rootHash), proof)) {
    throw new AppError('LEDGER_INTEGRITY');
  }
  return { from, to, proof: proof.map(hex) };
}
