import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, searchIndex } from './columns.ts';

/**
 * The evidence ledger (ARCHITECTURE 3): one row per evidence event, appended in the same transaction as
 * the business change. leaf_data is the exact RFC 8785 text whose RFC 9162 leaf hash is leaf_hash; the
 * sealer assigns leaf_index (the position in the Merkle log) and block_height. Tenants may read and
 * append their own enterprise's events, never change them (migration 0006).
 */
export const ledgerEvents = pgTable(
  'ledger_events',
  {
    /** Arrival order; sealing takes unsealed events in this order. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leafHash: text('leaf_hash').notNull(),
    leafData: text('leaf_data').notNull(),
    eventType: text('event_type').notNull(),
    /** Null for platform events (an applicant's upload before certification). */
    enterpriseUuid: text('enterprise_uuid'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** What payloadHash commits to (docs/evidence-format.md: v2 salted, v1 SHA-256 of its canonical JSON). */
    payload: jsonb('payload').notNull(),
    payloadHash: text('payload_hash').notNull(),
    /**
     * The random 32-byte salt (lowercase hex) of a v2 leaf's payload commitment; null for v1 leaves. Never
     * served publicly: with it, a proof holder could confirm guesses of the payload (migration 0014).
     */
    salt: text('salt'),
    /** SHA-256 of external content (a file), for look-ups by data hash. */
    dataHash: text('data_hash'),
    signerDid: text('signer_did'),
    signature: text('signature'),
    /** The leaf's time (epoch ms of this timestamp). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    leafIndex: bigint('leaf_index', { mode: 'number' }),
    blockHeight: integer('block_height'),
  },
  (t) => [
    uniqueIndex('ledger_events_leaf_hash_uq').on(t.leafHash),
    // Partial (migration 0028): an unsealed event has no leaf index and most events no data hash, so an
    // append writes no entry there; every look-up by either (=, >, a range) implies the value is not null.
    uniqueIndex('ledger_events_leaf_index_uq')
      .on(t.leafIndex)
      .where(sql`${t.leafIndex} is not null`),
    index('ledger_events_data_hash_idx')
      .on(t.dataHash)
      .where(sql`${t.dataHash} is not null`),
    index('ledger_events_subject_idx').on(t.subjectType, t.subjectId),
    // With the id: the evidence list's order and its tie-break (platform/list-query.ts).
    index('ledger_events_enterprise_idx').on(t.enterpriseUuid, t.createdAt, t.id),
    index('ledger_events_unsealed_idx')
      .on(t.id)
      .where(sql`${t.leafIndex} is null`),
    // Contains-search of the subject id, except a file's: its id is a random 32-hex key whose 32 trigrams
    // made this index the largest single cost of appending a file's evidence, and a file is searched by its
    // name (files) or its exact key (ledger_events_subject_idx) instead (subject-names.ts subjectSearch).
    searchIndex('ledger_events_search_idx', t.subjectId).where(sql`${t.subjectType} <> 'file'`),
  ],
);

/**
 * Batches of v3 evidence an enterprise signed at once (docs/evidence-format.md 2a): the ordered leaf hashes
 * (64 hex each, concatenated), their RFC 9162 root and the enterprise's secp256k1 signature of the batch
 * statement, so a proof shows that the signature covers its leaf. Tenants read and append their own
 * enterprise's batches, never change them (migration 0024).
 */
export const ledgerBatches = pgTable('ledger_batches', {
  /** 32 lowercase hex characters, named by each of its leaves (`signer.batch`). */
  id: text('id').primaryKey(),
  enterpriseUuid: text('enterprise_uuid').notNull(),
  signerDid: text('signer_did').notNull(),
  size: integer('size').notNull(),
  rootHash: text('root_hash').notNull(),
  leafHashes: text('leaf_hashes').notNull(),
  signature: text('signature').notNull(),
  createdAt: createdAt(),
});

/** Sealed blocks: the signed header of each (hash and signature over its RFC 8785 bytes). */
export const ledgerBlocks = pgTable('ledger_blocks', {
  height: integer('height').primaryKey(),
  prevHash: text('prev_hash').notNull(),
  treeSize: bigint('tree_size', { mode: 'number' }).notNull(),
  rootHash: text('root_hash').notNull(),
  /** Sealing time, epoch ms (the header's). */
  time: bigint('time', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  signature: text('signature').notNull(),
  createdAt: createdAt(),
});

/**
 * Every perfect subtree of the Merkle log: 2^level leaves starting at leaf idx * 2^level (level 0 = the leaf
 * hashes), so any proof needs O(log n) look-ups.
 */
export const ledgerNodes = pgTable(
  'ledger_nodes',
  {
    level: integer('level').notNull(),
    idx: bigint('idx', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx], name: 'ledger_nodes_pk' })],
);

/** Where a block root was written on an EVM chain (the anchor job fills it). */
export const ledgerAnchors = pgTable('ledger_anchors', {
  height: integer('height').primaryKey(),
  chainId: integer('chain_id').notNull(),
  contract: text('contract').notNull(),
  txHash: text('tx_hash').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }),
  anchoredAt: timestamp('anchored_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The platform's own keys, shared by every server process: the Ed25519 block-signing key. */
export const platformKeys = pgTable('platform_keys', {
  name: text('name').primaryKey(),
  algorithm: text('algorithm').notNull(),
  publicKey: text('public_key').notNull(),
  /** AES-256-GCM under the master key (platform/keys.ts encryptSecret). */
  secretCiphertext: text('secret_ciphertext').notNull(),
  createdAt: createdAt(),
});
