import { createHash, randomBytes } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  canonicalLeafText,
  canonicalize,
  evidenceLeafOfCommitment,
  newEvidenceBatchId,
  saltedPayloadText,
  signEvidenceBatch,
  type EvidenceLeaf,
} from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { enterprises, ledgerEvents } from '../../db/schema.ts';
import { decryptSecret } from '../keys.ts';
import { rowsOf } from './nodes.ts';

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
/** Event rows a statement: one JSON parameter however many rows, so only the statement's size bounds it. */
const INSERT_CHUNK = 5000;

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
  /** RFC 8785 text of the payload: what the commitment hashes and what the jsonb column is given. */
  payloadText: string;
  salt: string;
  leaf: EvidenceLeaf;
  leafData: string;
  leafHash: string;
}

interface OpenBatch {
  enterpriseUuid: string;
  id: string;
  members: PreparedEvent[];
}

/**
 * {@link appendEvidence} for many events at once: one enterprise key look-up, one secp256k1 signature per
 * enterprise and batch of up to {@link MAX_BATCH_LEAVES} events instead of one per event, and one statement
 * writing the batches and the event rows (docs/bench/2026-11-27-evidence-append.md).
 */
export async function appendEvidenceBatch(
  tx: Db,
  keys: EvidenceKeys,
  events: readonly NewEvidence[],
  /** Signers asked for already ({@link evidenceSigners}); the events' other enterprises are looked up. */
  known?: EvidenceSigners,
): Promise<AppendedEvidence[]> {
  if (events.length === 0) return [];
  const signers = await enterpriseSigners(tx, keys, events, known);
  // One CSPRNG draw for every salt of the call (32 bytes each, v2/v3 payload commitment).
  const saltBytes = randomBytes(32 * events.length).toString('hex');
  // The open batch of each signing enterprise; a full one is closed and a new id drawn.
  const open = new Map<string, OpenBatch>();
  const batches: OpenBatch[] = [];

  const prepared = events.map((e, i): PreparedEvent => {
    const payloadText = canonicalPayload(e.payload);
    const salt = saltBytes.slice(64 * i, 64 * (i + 1));
    const signer = e.enterpriseUuid ? signers.get(e.enterpriseUuid) : undefined;
    let batch: OpenBatch | undefined;
    if (signer && e.enterpriseUuid) {
      batch = open.get(e.enterpriseUuid);
      if (!batch || batch.members.length >= MAX_BATCH_LEAVES) {
        batch = { enterpriseUuid: e.enterpriseUuid, id: newEvidenceBatchId(), members: [] };
        open.set(e.enterpriseUuid, batch);
        batches.push(batch);
      }
    }
    // The package's formats, hashed with the native SHA-256 (several times faster than the portable one);
    // the payload is canonicalised once, the leaf written by the package's fixed-order RFC 8785 writer.
    const payloadHash = sha256Hex(saltedPayloadText(payloadText, salt));
    const leaf = evidenceLeafOfCommitment(
      {
        type: e.type,
        enterpriseUuid: e.enterpriseUuid,
        subjectType: e.subjectType,
        subjectId: e.subjectId,
        payload: null,
        salt,
        dataHash: e.dataHash ?? null,
        time: (e.time ?? new Date()).getTime(),
        signer: signer && batch ? { did: signer.did, batch: batch.id } : null,
      },
      payloadHash,
    );
    const leafData = canonicalLeafText(leaf);
    // RFC 9162 leaf hash: SHA-256(0x00 || leaf data).
    const leafHash = createHash('sha256').update(LEAF_PREFIX).update(leafData).digest('hex');
    const p = { event: e, payloadText, salt, leaf, leafData, leafHash };
    batch?.members.push(p);
    return p;
  });

  // Every leaf names its batch before the batch is signed, so the signature covers the leaves as stored.
  const batchRows = batches.map((b) => {
    const signer = signers.get(b.enterpriseUuid)!;
    const hashes = b.members.map((m) => m.leafHash);
    const signed = signEvidenceBatch(b.id, signer.did, hashes.map(hexBytes), signer.secretKey);
    return {
      id: b.id,
      enterprise_uuid: b.enterpriseUuid,
      signer_did: signer.did,
      size: signed.size,
      root_hash: signed.root,
      leaf_hashes: hashes.join(''),
      signature: signed.signature,
    };
  });

  // Salted leaves never repeat (a repeat needs equal 256-bit salts), so a plain insert: a unique violation
  // would only roll the change back.
  const ids = new Map<string, number>();
  for (let start = 0; start < prepared.length; start += INSERT_CHUNK) {
    const rows = prepared.slice(start, start + INSERT_CHUNK).map((p) => ({
      leaf_hash: p.leafHash,
      leaf_data: p.leafData,
      event_type: p.event.type,
      enterprise_uuid: p.event.enterpriseUuid,
      subject_type: p.event.subjectType,
      subject_id: p.event.subjectId,
      payload: p.payloadText,
      payload_hash: p.leaf.payloadHash,
      salt: p.salt,
      data_hash: p.event.dataHash ?? null,
      // A v3 leaf's signature is its batch's (ledger_batches); the DID stays here for look-ups.
      signer_did: p.leaf.signer?.did ?? null,
      created_at: new Date(p.leaf.time).toISOString(),
    }));
    const result = await tx.execute(
      insertStatement(JSON.stringify(start === 0 ? batchRows : []), JSON.stringify(rows)),
    );
    for (const r of rowsOf<{ id: number | string; leaf_hash: string }>(result))
      ids.set(r.leaf_hash, Number(r.id));
  }
  return prepared.map((p) => ({ id: ids.get(p.leafHash)!, leafHash: p.leafHash, time: p.leaf.time }));
}

/**
 * The batches and the event rows in one statement, each set as one JSON parameter (json_to_recordset): no
 * per-value parameters to build, send and bind, one round trip. Row-level security checks both inserts as
 * any other. The function scan yields the rows in the array's order, so events get
 * their ids in the order given (arrival order, which sealing follows); the payload,
 * RFC 8785 text, becomes the jsonb value it denotes (a JSON null payload the jsonb null, not SQL NULL).
 */
function insertStatement(batchesJson: string, eventsJson: string): SQL {
  return sql`
    with batches as (
      insert into ledger_batches (id, enterprise_uuid, signer_did, size, root_hash, leaf_hashes, signature)
      select id, enterprise_uuid, signer_did, size, root_hash, leaf_hashes, signature
      from json_to_recordset(${batchesJson}::json) as b(id text, enterprise_uuid text, signer_did text,
        size integer, root_hash text, leaf_hashes text, signature text)
    )
    insert into ledger_events (leaf_hash, leaf_data, event_type, enterprise_uuid, subject_type, subject_id,
      payload, payload_hash, salt, data_hash, signer_did, created_at)
    select leaf_hash, leaf_data, event_type, enterprise_uuid, subject_type, subject_id, payload::jsonb,
      payload_hash, salt, data_hash, signer_did, created_at
    from json_to_recordset(${eventsJson}::json) as e(leaf_hash text, leaf_data text, event_type text,
      enterprise_uuid text, subject_type text, subject_id text, payload text, payload_hash text, salt text,
      data_hash text, signer_did text, created_at timestamptz)
    returning id, leaf_hash`;
}

/**
 * The payload's RFC 8785 text. A payload is evidence as the JSON it denotes: what jsonb gives back must hash
 * the same, so a value JSON.stringify turns into JSON without complaint (a class instance, NaN) is taken as
 * that JSON, as before the payload was canonicalised once (a TypeError of canonicalize is retried on it).
 */
function canonicalPayload(payload: unknown): string {
  if (payload === undefined) return 'null';
  try {
    return canonicalize(payload);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const json = JSON.stringify(payload) as string | undefined;
    return json === undefined ? 'null' : canonicalize(JSON.parse(json));
  }
}

const hexBytes = (value: string) => Uint8Array.from(Buffer.from(value, 'hex'));
const LEAF_PREFIX = Buffer.from([0]);
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A certified enterprise's evidence signer: its DID and decrypted secp256k1 key. */
interface EvidenceSigner {
  did: string;
  secretKey: Uint8Array;
}

/** Signers by enterprise; null for an enterprise without DID and key (not certified yet). */
export type EvidenceSigners = ReadonlyMap<string, EvidenceSigner | null>;

/**
 * The evidence signers of these enterprises. A write asks for them together with the statement whose rows its
 * evidence describes, so that on PostgreSQL both travel in one round trip (pipelined) instead of one after
 * the other, and hands them to {@link appendEvidenceBatch}.
 */
export async function evidenceSigners(
  tx: Db,
  keys: EvidenceKeys,
  enterpriseUuids: readonly string[],
): Promise<EvidenceSigners> {
  const uuids = [...new Set(enterpriseUuids)];
  const out = new Map<string, EvidenceSigner | null>(uuids.map((u) => [u, null]));
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

/** The signers of the events' enterprises: those known already, the others looked up. */
async function enterpriseSigners(
  tx: Db,
  keys: EvidenceKeys,
  events: readonly NewEvidence[],
  known: EvidenceSigners = new Map(),
): Promise<Map<string, EvidenceSigner>> {
  const uuids = new Set(events.map((e) => e.enterpriseUuid).filter((u): u is string => !!u));
  const missing = [...uuids].filter((u) => !known.has(u));
  const found = missing.length ? await evidenceSigners(tx, keys, missing) : new Map();
  const out = new Map<string, EvidenceSigner>();
  for (const uuid of uuids) {
    const signer = known.get(uuid) ?? found.get(uuid);
    if (signer) out.set(uuid, signer);
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
