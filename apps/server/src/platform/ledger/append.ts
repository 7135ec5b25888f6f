import { createHash, randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import {
  canonicalize,
  evidenceLeafOfCommitment,
  newEvidenceBatchId,
  signEvidenceBatch,
  type EvidenceLeaf,
} from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { enterprises, ledgerBatches, ledgerEvents } from '../../db/schema.ts';
import { decryptSecret } from '../keys.ts';

/** What a business change records as evidence. */
export interface NewEvidence {
  /** 'file.uploaded', 'enterprise.certified', 'company.updated', ... */
  type: string;
  /** The enterprise the record belongs to; null for platform events. */
  enterpriseUuid: string | null;
  subjectType: string;
  subjectId: string;
  /** The record's data as evidence (JSON); only its salted commitment is on the ledger. */
  payload: unknown;
  /** SHA-256 (hex) of external content the record is about, such as a file. */
  dataHash?: string | null;
  /** Defaults to now. */
  time?: Date;
}

/** Keys appendEvidence needs: the master key that unlocks enterprise signing keys. */
export interface EvidenceKeys {
  masterKey: Buffer;
}

export interface AppendedEvidence {
  id: number;
  /** The leaf hash: the record's txHash. */
  leafHash: string;
  time: number;
}

/**
 * Leaves per signed batch: bounds what a proof reads (64 hex characters a leaf) and the hashing it does
 * to give the leaf's path in the batch tree.
 */
export const MAX_BATCH_LEAVES = 5000;
/** 13 parameters an event row: 2,000 rows stay far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 2000;

/**
 * Records evidence of a business change in the caller's transaction: draws the payload's salt, computes the
 * v3 leaf (RFC 8785 leaf data committing to the salted payload, RFC 9162 leaf hash) and inserts the event
 * unsealed; an enterprise with a key signs the batch of its leaves (docs/evidence-format.md 2a). Committed
 * with the change or rolled back with it, so there is never a change without its evidence or the reverse;
 * the sealer puts it into the next block.
 *
 * `tx` is the business change's transaction: the tenant transaction (row-level security lets it append
 * its own enterprise's events and batches) or a platform transaction.
 */
export async function appendEvidence(
  tx: Db,
  keys: EvidenceKeys,
  event: NewEvidence,
): Promise<AppendedEvidence> {
  const [appended] = await appendEvidenceBatch(tx, keys, [event]);
  return appended!;
}

interface PreparedEvent {
  event: NewEvidence;
  payload: unknown;
  salt: string;
  leaf: EvidenceLeaf;
  leafData: string;
  leafHash: string;
}

/**
 * {@link appendEvidence} for many events at once: one enterprise key look-up, one secp256k1 signature per
 * enterprise and batch of up to {@link MAX_BATCH_LEAVES} events instead of one per event, few statements.
 */
export async function appendEvidenceBatch(
  tx: Db,
  keys: EvidenceKeys,
  events: readonly NewEvidence[],
): Promise<AppendedEvidence[]> {
  if (events.length === 0) return [];
  const signers = await enterpriseSigners(tx, keys, events);
  // One CSPRNG draw for every salt of the call (32 bytes each, v2/v3 payload commitment).
  const saltBytes = randomBytes(32 * events.length).toString('hex');
  // The open batch of each signing enterprise; a full one is closed and a new id drawn.
  const open = new Map<string, { id: string; members: PreparedEvent[] }>();
  const batches: { enterpriseUuid: string; id: string; members: PreparedEvent[] }[] = [];

  const prepared = events.map((e, i): PreparedEvent => {
    // Payloads are kept as the JSON they hash to: what jsonb gives back must hash the same.
    const payload: unknown = e.payload === undefined ? null : JSON.parse(JSON.stringify(e.payload));
    const salt = saltBytes.slice(64 * i, 64 * (i + 1));
    const signer = e.enterpriseUuid ? signers.get(e.enterpriseUuid) : undefined;
    let batch: { id: string; members: PreparedEvent[] } | undefined;
    if (signer && e.enterpriseUuid) {
      batch = open.get(e.enterpriseUuid);
      if (!batch || batch.members.length >= MAX_BATCH_LEAVES) {
        batch = { id: newEvidenceBatchId(), members: [] };
        open.set(e.enterpriseUuid, batch);
        batches.push({ enterpriseUuid: e.enterpriseUuid, ...batch });
      }
    }
    // The package's formats, hashed with the native SHA-256 (several times faster than the portable one).
    const payloadHash = sha256Hex(canonicalize({ payload, salt }));
    const leaf = evidenceLeafOfCommitment(
      {
        type: e.type,
        enterpriseUuid: e.enterpriseUuid,
        subjectType: e.subjectType,
        subjectId: e.subjectId,
        payload,
        salt,
        dataHash: e.dataHash ?? null,
        time: (e.time ?? new Date()).getTime(),
        signer: signer && batch ? { did: signer.did, batch: batch.id } : null,
      },
      payloadHash,
    );
    const leafData = canonicalize(leaf);
    // RFC 9162 leaf hash: SHA-256(0x00 || leaf data).
    const leafHash = createHash('sha256').update(LEAF_PREFIX).update(leafData).digest('hex');
    const p = { event: e, payload, salt, leaf, leafData, leafHash };
    batch?.members.push(p);
    return p;
  });

  // Every leaf names its batch before the batch is signed, so the signature covers the leaves as stored.
  if (batches.length > 0) {
    await tx.insert(ledgerBatches).values(
      batches.map((b) => {
        const signer = signers.get(b.enterpriseUuid)!;
        const hashes = b.members.map((m) => m.leafHash);
        const signed = signEvidenceBatch(b.id, signer.did, hashes.map(hexBytes), signer.secretKey);
        return {
          id: b.id,
          enterpriseUuid: b.enterpriseUuid,
          signerDid: signer.did,
          size: signed.size,
          rootHash: signed.root,
          leafHashes: hashes.join(''),
          signature: signed.signature,
        };
      }),
    );
  }

  // Salted leaves never repeat (a repeat needs equal 256-bit salts), so a plain insert: a unique violation
  // would only roll the change back.
  const ids = new Map<string, number>();
  for (let start = 0; start < prepared.length; start += INSERT_CHUNK) {
    const rows = prepared.slice(start, start + INSERT_CHUNK).map((p) => ({
      leafHash: p.leafHash,
      leafData: p.leafData,
      eventType: p.event.type,
      enterpriseUuid: p.event.enterpriseUuid,
      subjectType: p.event.subjectType,
      subjectId: p.event.subjectId,
      // A JSON null payload is the jsonb value null, not SQL NULL.
      payload: p.payload === null ? sql`'null'::jsonb` : p.payload,
      payloadHash: p.leaf.payloadHash,
      salt: p.salt,
      dataHash: p.event.dataHash ?? null,
      // A v3 leaf's signature is its batch's (ledger_batches); the DID stays here for look-ups.
      signerDid: p.leaf.signer?.did ?? null,
      signature: null,
      createdAt: new Date(p.leaf.time),
    }));
    const result = await tx
      .insert(ledgerEvents)
      .values(rows)
      .returning({ id: ledgerEvents.id, leafHash: ledgerEvents.leafHash });
    for (const r of result) ids.set(r.leafHash, r.id);
  }
  return prepared.map((p) => ({ id: ids.get(p.leafHash)!, leafHash: p.leafHash, time: p.leaf.time }));
}

const hexBytes = (value: string) => Uint8Array.from(Buffer.from(value, 'hex'));
const LEAF_PREFIX = Buffer.from([0]);
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The did and decrypted secp256k1 key of each certified enterprise among the events'. */
async function enterpriseSigners(
  tx: Db,
  keys: EvidenceKeys,
  events: readonly NewEvidence[],
): Promise<Map<string, { did: string; secretKey: Uint8Array }>> {
  const uuids = [...new Set(events.map((e) => e.enterpriseUuid).filter((u): u is string => !!u))];
  const out = new Map<string, { did: string; secretKey: Uint8Array }>();
  if (uuids.length === 0) return out;
  const rows = await tx
    .select({ uuid: enterprises.uuid, did: enterprises.did, keyCiphertext: enterprises.keyCiphertext })
    .from(enterprises)
    .where(inArray(enterprises.uuid, uuids));
  for (const row of rows) {
    if (row.did && row.keyCiphertext) {
      out.set(row.uuid, { did: row.did, secretKey: decryptSecret(keys.masterKey, row.keyCiphertext) });
    }
  }
  return out;
}

/** Number of events not sealed yet (for health and tests). */
export async function unsealedCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEvents)
    .where(sql`${ledgerEvents.leafIndex} is null`);
  return row?.n ?? 0;
}
