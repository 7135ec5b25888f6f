import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TAnchor, TChainDetail, TSignedBlock } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { ledgerAnchors, ledgerBlocks, ledgerEvents } from '../../db/schema.ts';
import { explorerTxUrl } from '../chain/explorer.ts';
import type { AppendedEvidence, NewEvidence } from './append.ts';

export type EventRow = typeof ledgerEvents.$inferSelect;
export type BlockRow = typeof ledgerBlocks.$inferSelect;
export type AnchorRow = typeof ledgerAnchors.$inferSelect;
/** What a chain detail needs of an event. */
export type ChainEvent = Pick<
  EventRow,
  'leafHash' | 'createdAt' | 'leafIndex' | 'blockHeight' | 'eventType' | 'subjectId'
>;

export function toSignedBlock(row: BlockRow): TSignedBlock {
  return {
    header: {
      height: row.height,
      prevHash: row.prevHash,
      treeSize: Number(row.treeSize),
      rootHash: row.rootHash,
      time: Number(row.time),
    },
    hash: row.hash,
    signature: row.signature,
  };
}

export function toAnchor(row: AnchorRow): TAnchor {
  return {
    height: row.height,
    chainId: row.chainId,
    contract: row.contract,
    txHash: row.txHash,
    blockNumber: row.blockNumber === null ? null : Number(row.blockNumber),
    anchoredAt: row.anchoredAt.getTime(),
    explorerUrl: explorerTxUrl(row.txHash),
  };
}

/**
 * A record's chain detail: txHash is its leaf hash, chainHeight / chainHash / chainDate the sealing block's
 * height, hash and time; 'pending' with nulls until sealed.
 */
export function toChainDetail(
  event: ChainEvent,
  block: Pick<BlockRow, 'height' | 'hash' | 'time'> | null,
  anchor: AnchorRow | null,
): TChainDetail {
  const sealed = event.leafIndex !== null && block !== null;
  return {
    txHash: event.leafHash,
    txTime: event.createdAt.getTime(),
    status: sealed ? 'sealed' : 'pending',
    chainHeight: sealed ? block.height : null,
    chainHash: sealed ? block.hash : null,
    chainDate: sealed ? Number(block.time) : null,
    anchor: sealed && anchor ? toAnchor(anchor) : null,
    eventType: event.eventType,
    subjectId: event.subjectId,
  };
}

/**
 * The chain detail of an event appended in this transaction, which is its subject's newest and not sealed
 * yet: what latestChainDetails would answer for it, without asking the database.
 */
export function appendedChainDetail(
  event: Pick<NewEvidence, 'type' | 'subjectId'>,
  appended: Pick<AppendedEvidence, 'leafHash' | 'time'>,
): TChainDetail {
  return toChainDetail(
    {
      leafHash: appended.leafHash,
      createdAt: new Date(appended.time),
      leafIndex: null,
      blockHeight: null,
      eventType: event.type,
      subjectId: event.subjectId,
    },
    null,
    null,
  );
}

/** Chain details of many events: their blocks and anchors in two queries. */
export async function chainDetails(db: Db, events: readonly ChainEvent[]): Promise<TChainDetail[]> {
  const heights = [...new Set(events.map((e) => e.blockHeight).filter((h): h is number => h !== null))];
  const [blocks, anchors] = heights.length
    ? await Promise.all([
        db.select().from(ledgerBlocks).where(inArray(ledgerBlocks.height, heights)),
        db.select().from(ledgerAnchors).where(inArray(ledgerAnchors.height, heights)),
      ])
    : [[], []];
  const blockAt = new Map(blocks.map((b) => [b.height, b]));
  const anchorAt = new Map(anchors.map((a) => [a.height, a]));
  return events.map((e) =>
    toChainDetail(
      e,
      e.blockHeight === null ? null : (blockAt.get(e.blockHeight) ?? null),
      e.blockHeight === null ? null : (anchorAt.get(e.blockHeight) ?? null),
    ),
  );
}

/**
 * The event a hash names: its leaf hash (txHash) first, otherwise the earliest sealed record of that data
 * hash (a file's SHA-256), otherwise an unsealed one. `db` decides what is visible (a tenant transaction
 * sees only its enterprise's events).
 */
export async function findEventByHash(db: Db, hash: string): Promise<EventRow | null> {
  const [byLeaf] = await db.select().from(ledgerEvents).where(eq(ledgerEvents.leafHash, hash)).limit(1);
  if (byLeaf) return byLeaf;
  const [byData] = await db
    .select()
    .from(ledgerEvents)
    .where(eq(ledgerEvents.dataHash, hash))
    .orderBy(sql`${ledgerEvents.leafIndex} asc nulls last`, asc(ledgerEvents.id))
    .limit(1);
  return byData ?? null;
}

export async function blockAt(db: Db, height: number): Promise<BlockRow | null> {
  const [row] = await db.select().from(ledgerBlocks).where(eq(ledgerBlocks.height, height)).limit(1);
  return row ?? null;
}

export async function latestBlock(db: Db): Promise<BlockRow | null> {
  const [row] = await db.select().from(ledgerBlocks).orderBy(desc(ledgerBlocks.height)).limit(1);
  return row ?? null;
}

export async function anchorAt(db: Db, height: number): Promise<AnchorRow | null> {
  const [row] = await db.select().from(ledgerAnchors).where(eq(ledgerAnchors.height, height)).limit(1);
  return row ?? null;
}

/** The newest evidence of each subject (e.g. every file's upload), by subject id. */
export async function latestEventsOf(
  db: Db,
  subjectType: string,
  subjectIds: readonly string[],
): Promise<Map<string, EventRow>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.subjectType, subjectType), inArray(ledgerEvents.subjectId, [...subjectIds])))
    .orderBy(asc(ledgerEvents.id));
  return new Map(rows.map((r) => [r.subjectId, r]));
}

/**
 * The chain detail of each subject's newest evidence, by subject id (subjects without evidence are absent):
 * one statement, the newest event of each subject with its block and anchor joined (a list's chain column
 * cost three statements, and read every event's payload and leaf text).
 */
export async function latestChainDetails(
  db: Db,
  subjectType: string,
  subjectIds: readonly string[],
): Promise<Map<string, TChainDetail>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([ledgerEvents.subjectId], {
      event: {
        leafHash: ledgerEvents.leafHash,
        createdAt: ledgerEvents.createdAt,
        leafIndex: ledgerEvents.leafIndex,
        blockHeight: ledgerEvents.blockHeight,
        eventType: ledgerEvents.eventType,
        subjectId: ledgerEvents.subjectId,
      },
      block: { height: ledgerBlocks.height, hash: ledgerBlocks.hash, time: ledgerBlocks.time },
      anchor: {
        height: ledgerAnchors.height,
        chainId: ledgerAnchors.chainId,
        contract: ledgerAnchors.contract,
        txHash: ledgerAnchors.txHash,
        blockNumber: ledgerAnchors.blockNumber,
        anchoredAt: ledgerAnchors.anchoredAt,
      },
    })
    .from(ledgerEvents)
    .leftJoin(ledgerBlocks, eq(ledgerBlocks.height, ledgerEvents.blockHeight))
    .leftJoin(ledgerAnchors, eq(ledgerAnchors.height, ledgerEvents.blockHeight))
    .where(and(eq(ledgerEvents.subjectType, subjectType), inArray(ledgerEvents.subjectId, [...subjectIds])))
    .orderBy(ledgerEvents.subjectId, desc(ledgerEvents.id));
  return new Map(rows.map((r) => [r.event.subjectId, toChainDetail(r.event, r.block, r.anchor)]));
}
