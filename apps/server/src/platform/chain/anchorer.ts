import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAnchors, ledgerBlocks } from '../../db/schema.ts';
import type { AnchorRow, BlockRow } from '../ledger/records.ts';
import type { AnchorChain } from './anchor-chain.ts';
import { startPeriodic, type PeriodicJob } from '../jobs/periodic.ts';

/** Blocks anchored per run at most; a larger backlog continues at the next run. */
const MAX_PER_RUN = 100;

export class AnchorConflictError extends Error {}

/** Compares what the contract holds for a block with the block; a problem message, or null when it holds. */
export function anchorMismatch(
  block: Pick<BlockRow, 'height' | 'rootHash' | 'treeSize' | 'hash'>,
  onChain: { rootHash: string; treeSize: number; blockHash: string } | null,
): string | null {
  if (!onChain) return `block ${block.height} is not anchored on the chain`;
  if (onChain.rootHash !== block.rootHash) {
    return `the chain anchors root ${onChain.rootHash} for block ${block.height}, the ledger has ${block.rootHash}`;
  }
  if (onChain.treeSize !== Number(block.treeSize)) {
    return `the chain anchors tree size ${onChain.treeSize} for block ${block.height}, the ledger has ${block.treeSize}`;
  }
  if (onChain.blockHash !== block.hash) {
    return `the chain anchors block hash ${onChain.blockHash} for block ${block.height}, the ledger has ${block.hash}`;
  }
  return null;
}

/**
 * Anchors sealed blocks that have no anchor yet, oldest first, one transaction per block (the contract
 * refuses a second anchor of a height, so a retry can never write two). A block the contract already holds
 * (the process died between the transaction and recording it) is recorded from the contract's event log
 * instead of sent again; a height the contract holds with another root stops the job with an
 * AnchorConflictError, since that means the ledger or the chain was rewritten. Returns the anchors written.
 */
export async function anchorPending(db: Db, chain: AnchorChain): Promise<AnchorRow[]> {
  // No lock across processes is needed: two anchorers racing on a height cannot both succeed (the contract
  // refuses the second transaction), and the loser records the winner's transaction at its next run.
  const blocks = await db
    .select({ block: ledgerBlocks })
    .from(ledgerBlocks)
    .leftJoin(ledgerAnchors, eq(ledgerAnchors.height, ledgerBlocks.height))
    .where(isNull(ledgerAnchors.height))
    .orderBy(asc(ledgerBlocks.height))
    .limit(MAX_PER_RUN);

  const written: AnchorRow[] = [];
  for (const { block } of blocks) {
    const existing = await chain.anchorOf(block.height);
    let tx;
    if (existing) {
      const problem = anchorMismatch(block, existing);
      if (problem) throw new AnchorConflictError(problem);
      tx = await chain.findAnchorTx(block.height);
      if (!tx)
        throw new AnchorConflictError(`block ${block.height} is anchored but its transaction was not found`);
    } else {
      tx = await chain.anchor({
        height: block.height,
        rootHash: block.rootHash,
        treeSize: Number(block.treeSize),
        blockHash: block.hash,
      });
    }
    const [row] = await db
      .insert(ledgerAnchors)
      .values({
        height: block.height,
        chainId: chain.chainId,
        contract: chain.contractAddress.toLowerCase(),
        txHash: tx.txHash,
        blockNumber: tx.blockNumber,
      })
      .onConflictDoNothing()
      .returning();
    if (row) written.push(row);
  }
  return written;
}

/**
 * The on-chain check of a recorded anchor (ledger:verify, proofs): the contract holds the block's root,
 * size and hash at its height, and the recorded transaction is the one that anchored them.
 */
export async function checkAnchorOnChain(
  chain: AnchorChain,
  anchor: AnchorRow,
  block: BlockRow,
): Promise<string | null> {
  if (
    anchor.contract.toLowerCase() !== chain.contractAddress.toLowerCase() ||
    anchor.chainId !== chain.chainId
  ) {
    return `anchored on chain ${anchor.chainId} contract ${anchor.contract}, not the configured ${chain.chainId} ${chain.contractAddress}`;
  }
  const problem = anchorMismatch(block, await chain.anchorOf(block.height));
  if (problem) return problem;
  const logs = await chain.anchoredLogs(anchor.txHash);
  const own = logs.find((l) => l.height === block.height);
  if (!own) return `transaction ${anchor.txHash} did not anchor block ${block.height}`;
  return anchorMismatch(block, own);
}

/**
 * checkAnchorOnChain for the public endpoints: an anchor that held once holds for good (the contract
 * cannot rewrite a height), so a confirmed (height, transaction, root) is not asked of the chain again;
 * a changed row has another key and is checked afresh.
 */
export function cachedAnchorCheck(chain: AnchorChain) {
  const confirmed = new Set<string>();
  return async (anchor: AnchorRow, block: BlockRow): Promise<string | null> => {
    const key = `${anchor.height}:${anchor.chainId}:${anchor.contract}:${anchor.txHash}:${block.rootHash}:${block.hash}:${block.treeSize}`;
    if (confirmed.has(key)) return null;
    let problem: string | null;
    try {
      problem = await checkAnchorOnChain(chain, anchor, block);
    } catch {
      // An unreachable node is no evidence of tampering; serve the proof and check again next time.
      return null;
    }
    if (problem === null) confirmed.add(key);
    return problem;
  };
}

/** Anchors new blocks every `intervalMs`; failures are logged and retried at the next tick. */
export function startAnchorer(
  db: Db,
  chain: AnchorChain,
  opts: { intervalMs: number; log: { error(obj: unknown, msg: string): void } },
): PeriodicJob {
  return startPeriodic({
    name: 'ledger anchoring',
    intervalMs: opts.intervalMs,
    run: () => anchorPending(db, chain),
    log: opts.log,
  });
}
