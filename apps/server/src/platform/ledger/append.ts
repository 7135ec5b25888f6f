import { inArray, sql } from 'drizzle-orm';
import {
  evidenceLeafText,
  evidenceSaltedPayloadHash,
  hex,
  leafHash,
  newEvidenceSalt,
  signPayloadHash,
  type EvidenceEvent,
} from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { enterprises, ledgerEvents } from '../../db/schema.ts';
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
 * Records evidence of a business change in the caller's transaction: draws the payload's salt, computes the
 * v2 leaf (RFC 8785 leaf data committing to the salted payload, RFC 9162 leaf hash), signs the payload hash
 * with the enterprise's secp256k1 key when it has one, and inserts the event unsealed. Committed with the
 * change or rolled back with it, so there is never a change without its evidence or the reverse; the sealer
 * puts it into the next block.
 *
 * `tx` is the business change's transaction: the tenant transaction (row-level security lets it append
 * its own enterprise's events) or a platform transaction.
 */
export async function appendEvidence(
  tx: Db,
  keys: EvidenceKeys,
  event: NewEvidence,
): Promise<AppendedEvidence> {
  const [appended] = await appendEvidenceBatch(tx, keys, [event]);
  return appended!;
}

/** {@link appendEvidence} for many events at once (one enterprise key look-up, few statements). */
export async function appendEvidenceBatch(
  tx: Db,
  keys: EvidenceKeys,
  events: readonly NewEvidence[],
): Promise<AppendedEvidence[]> {
  if (events.length === 0) return [];
  const signers = await enterpriseSigners(tx, keys, events);
  // Payloads are kept as the JSON they hash to: what jsonb gives back must hash the same.
  const prepared = events.map((e) => {
    const payload: unknown = e.payload === undefined ? null : JSON.parse(JSON.stringify(e.payload));
    // A fresh CSPRNG salt per event (v2 leaf): a public proof no longer confirms guesses of the payload.
    const salt = newEvidenceSalt();
    const payloadHash = evidenceSaltedPayloadHash(payload, salt);
    const signer = e.enterpriseUuid ? signers.get(e.enterpriseUuid) : undefined;
    return {
      event: e,
      payload,
      salt,
      payloadHash,
      signer: signer ? { did: signer.did, signature: signPayloadHash(payloadHash, signer.secretKey) } : null,
      time: (e.time ?? new Date()).getTime(),
    };
  });

  const out = new Array<AppendedEvidence | undefined>(events.length);
  let pending = prepared.map((p, i) => ({ ...p, i }));
  // Two events sharing a leaf hash (only with equal salts: practically never) move the later one on by 1 ms.
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 1000) throw new Error('appendEvidence: could not find a free leaf time');
    const rows = pending.map((p) => {
      const leaf: EvidenceEvent = {
        type: p.event.type,
        enterpriseUuid: p.event.enterpriseUuid,
        subjectType: p.event.subjectType,
        subjectId: p.event.subjectId,
        payload: p.payload,
        salt: p.salt,
        dataHash: p.event.dataHash ?? null,
        time: p.time,
        signer: p.signer,
      };
      const leafData = evidenceLeafText(leaf);
      return {
        i: p.i,
        values: {
          leafHash: hex(leafHash(new TextEncoder().encode(leafData))),
          leafData,
          eventType: p.event.type,
          enterpriseUuid: p.event.enterpriseUuid,
          subjectType: p.event.subjectType,
          subjectId: p.event.subjectId,
          // A JSON null payload is the jsonb value null, not SQL NULL.
          payload: p.payload === null ? sql`'null'::jsonb` : p.payload,
          payloadHash: p.payloadHash,
          salt: p.salt,
          dataHash: p.event.dataHash ?? null,
          signerDid: p.signer?.did ?? null,
          signature: p.signer?.signature ?? null,
          createdAt: new Date(p.time),
        },
      };
    });
    const inserted = new Map<string, number>();
    const seen = new Set<string>();
    const unique = rows.filter((r) => !seen.has(r.values.leafHash) && seen.add(r.values.leafHash));
    // 14 parameters a row: 2,000 rows stay far below PostgreSQL's 65,535.
    for (let start = 0; start < unique.length; start += 2000) {
      const chunk = unique.slice(start, start + 2000);
      const result = await tx
        .insert(ledgerEvents)
        .values(chunk.map((r) => r.values))
        .onConflictDoNothing({ target: ledgerEvents.leafHash })
        .returning({ id: ledgerEvents.id, leafHash: ledgerEvents.leafHash });
      for (const r of result) inserted.set(r.leafHash, r.id);
    }
    const next: typeof pending = [];
    for (const [k, r] of rows.entries()) {
      const id = inserted.get(r.values.leafHash);
      const p = pending[k]!;
      if (id === undefined) next.push({ ...p, time: p.time + 1 });
      else {
        out[r.i] = { id, leafHash: r.values.leafHash, time: p.time };
        inserted.delete(r.values.leafHash); // a later row with the same hash was not inserted
      }
    }
    pending = next;
  }
  return out as AppendedEvidence[];
}

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
