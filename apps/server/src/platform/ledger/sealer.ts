import { asc, desc, isNull, sql } from 'drizzle-orm';
import {
  GENESIS_PREV_HASH,
  MerkleTreeBuilder,
  blockHash,
  fromHex,
  hex,
  signBlock,
  type BlockHeader,
  type SubtreeNode,
} from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { ledgerBlocks, ledgerEvents } from '../../db/schema.ts';
import { arrayLiteral, fetchNodes, insertNodes, nodeKey, peakRefs, rowsOf } from './nodes.ts';
import type { PlatformKey } from './platform-key.ts';
import { startPeriodic, type PeriodicJob } from '../jobs/periodic.ts';

/** At most this many leaves go into one block; a larger backlog is sealed over several runs. */
export const MAX_LEAVES_PER_BLOCK = 50_000;

// Serialises sealing across every process on the database (any constant unique to this use: 'THLG').
const SEAL_LOCK = 0x54484c47;

export interface SealedBlock {
  header: BlockHeader;
  hash: string;
  signature: string;
  /** Leaves sealed into this block. */
  leaves: number;
}

/**
 * Closes one block of the events not sealed yet, in one transaction: under a PostgreSQL advisory lock (so
 * exactly one sealer works at a time, across processes) it takes up to `maxLeaves` unsealed events in
 * arrival order, gives them consecutive leaf indexes from the current tree size, extends the Merkle tree
 * from the stored peaks, stores the new perfect subtrees, and writes the signed block header. Returns null
 * when there was nothing to seal or another sealer holds the lock.
 *
 * A crash anywhere before the commit leaves the events unsealed (they were committed with their business
 * change), and the next run seals them.
 */
export async function sealOnce(
  db: Db,
  key: PlatformKey,
  opts: { maxLeaves?: number; now?: () => number } = {},
): Promise<SealedBlock | null> {
  const maxLeaves = opts.maxLeaves ?? MAX_LEAVES_PER_BLOCK;
  const now = opts.now ?? Date.now;
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${SEAL_LOCK}::bigint) as locked`);
    if (!rowsOf<{ locked: boolean }>(locked)[0]?.locked) return null;

    const events = await tx
      .select({ id: ledgerEvents.id, leafHash: ledgerEvents.leafHash })
      .from(ledgerEvents)
      .where(isNull(ledgerEvents.leafIndex))
      .orderBy(asc(ledgerEvents.id))
      .limit(maxLeaves);
    if (events.length === 0) return null;

    const [last] = await tx.select().from(ledgerBlocks).orderBy(desc(ledgerBlocks.height)).limit(1);
    const size = last?.treeSize ?? 0;
    const peaks = peakRefs(size);
    const stored = await fetchNodes(tx as unknown as Db, peaks);
    const builder = MerkleTreeBuilder.fromPeaks(
      size,
      peaks.map((p) => {
        const hash = stored.get(nodeKey(p.level, p.index));
        if (!hash) throw new Error(`ledger: peak (level ${p.level}, index ${p.index}) is missing`);
        return hash;
      }),
    );
    const nodes: SubtreeNode[] = [];
    for (const event of events) builder.append(fromHex(event.leafHash), (node) => nodes.push(node));
    await insertNodes(tx as unknown as Db, nodes);

    const header: BlockHeader = {
      height: last ? last.height + 1 : 0,
      prevHash: last?.hash ?? GENESIS_PREV_HASH,
      treeSize: builder.size,
      rootHash: hex(builder.root()),
      // Block times never go backwards, whatever the clocks of the sealing processes say.
      time: Math.max(now(), last?.time ?? 0),
    };
    const block = { header, hash: blockHash(header), signature: signBlock(header, key.secretKey) };
    await tx.insert(ledgerBlocks).values({ ...header, hash: block.hash, signature: block.signature });

    // One statement a chunk: event id -> its leaf index.
    for (let start = 0; start < events.length; start += 20_000) {
      const chunk = events.slice(start, start + 20_000);
      await tx.execute(sql`
        update ledger_events e set leaf_index = v.leaf_index, block_height = ${header.height}
        from unnest(${arrayLiteral(chunk.map((e) => e.id))}::bigint[],
          ${arrayLiteral(chunk.map((_, i) => size + start + i))}::bigint[]) as v(id, leaf_index)
        where e.id = v.id`);
    }
    return { ...block, leaves: events.length };
  });
}

/** Seals until nothing is pending (a backlog larger than one block goes block by block); returns the blocks. */
export async function sealPending(db: Db, key: PlatformKey): Promise<SealedBlock[]> {
  const sealed: SealedBlock[] = [];
  for (;;) {
    const block = await sealOnce(db, key);
    if (!block) return sealed;
    sealed.push(block);
    if (block.leaves < MAX_LEAVES_PER_BLOCK) return sealed;
  }
}

/**
 * Seals every `intervalMs` while there are new leaves (a backlog larger than one block is sealed block after
 * block without waiting); on stop it waits for a running seal, then seals what is pending one last time.
 */
export function startSealer(
  db: Db,
  key: PlatformKey,
  opts: { intervalMs: number; log: { error(obj: unknown, msg: string): void } },
): PeriodicJob {
  return startPeriodic({
    name: 'ledger sealing',
    intervalMs: opts.intervalMs,
    run: () => sealPending(db, key),
    log: opts.log,
    finalRun: true,
  });
}
