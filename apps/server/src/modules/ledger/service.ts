import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  TChainDetail,
  TEvidenceRecord,
  TInclusionProof,
  TListResponse,
  TParsed,
  TSignedBlock,
  api,
} from '@tracehub/contract';
import { verifyCredential } from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { certificates, enterprises, ledgerEvents } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { enterpriseDidDocument, platformDidDocument } from '../../platform/ledger/identity.ts';
import type { PlatformKey } from '../../platform/ledger/platform-key.ts';
import { consistencyProofBetween, inclusionProofOf, type AnchorCheck } from '../../platform/ledger/proofs.ts';
import {
  anchorAt,
  blockAt,
  chainDetails,
  findEventByHash,
  latestBlock,
  toAnchor,
  toSignedBlock,
} from '../../platform/ledger/records.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';
import { evidenceListScope, mayViewEvidence } from '../../platform/record-access.ts';
import { subjectNames, subjectSearch } from './subject-names.ts';

// The public ledger API (no sign-in, platform database) and the enterprise's own evidence records (tenant
// transaction). Public answers disclose leaf data (hashes, identifiers, times), never business payloads nor
// their salts (evidence-detail.ts serves those to members who may see the record).

export function platformKeyInfo(key: PlatformKey) {
  return { algorithm: 'Ed25519' as const, publicKey: key.publicKeyHex, keyId: key.keyId };
}

export async function latest(db: Db): Promise<TSignedBlock | null> {
  const row = await latestBlock(db);
  return row ? toSignedBlock(row) : null;
}

export async function block(db: Db, height: number, checkAnchor?: AnchorCheck) {
  const row = await blockAt(db, height);
  if (!row) throw new AppError('LEDGER_NOT_FOUND');
  const anchor = await anchorAt(db, height);
  if (anchor && checkAnchor && (await checkAnchor(anchor, row)) !== null)
    throw new AppError('LEDGER_INTEGRITY');
  return { ...toSignedBlock(row), anchor: anchor ? toAnchor(anchor) : null };
}

export async function proof(
  db: Db,
  key: PlatformKey,
  input: TParsed<typeof api.publicLedger.proof>,
  checkAnchor?: AnchorCheck,
): Promise<TInclusionProof> {
  const event = await findEventByHash(db, input.hash);
  if (!event) throw new AppError('LEDGER_NOT_FOUND');
  return inclusionProofOf(db, event, key.publicKeyHex, input.atHeight, checkAnchor);
}

export function consistency(db: Db, key: PlatformKey, input: TParsed<typeof api.publicLedger.consistency>) {
  return consistencyProofBetween(db, input.from, input.to, key.publicKeyHex);
}

/** The platform's did:key document, or a certified enterprise's did:ethr document. */
export async function didDocument(db: Db, key: PlatformKey, did: string): Promise<Record<string, unknown>> {
  if (did === key.did) return platformDidDocument(key);
  if (did.startsWith('did:ethr:')) {
    const [row] = await db
      .select({ did: enterprises.did, chainAddress: enterprises.chainAddress })
      .from(enterprises)
      .where(sql`lower(${enterprises.did}) = ${did.toLowerCase()}`)
      .limit(1);
    const doc = row?.did && row.chainAddress ? enterpriseDidDocument(row.did, row.chainAddress) : null;
    if (doc) return doc;
  }
  throw new AppError('NOT_FOUND');
}

/** A certificate's verifiable credential, as issued; refused (L3003) when its proof no longer verifies. */
export async function credential(db: Db, key: PlatformKey, number: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ payload: certificates.payload })
    .from(certificates)
    .where(eq(certificates.number, number))
    .limit(1);
  if (!row?.payload || !('proof' in row.payload)) throw new AppError('NOT_FOUND');
  if (!verifyCredential(row.payload, key.publicKeyHex)) throw new AppError('LEDGER_INTEGRITY');
  return row.payload;
}

/**
 * The chain detail of one of the enterprise's records by its txHash or data hash; `db` is the tenant
 * transaction, so another enterprise's record is as unknown as a hash never recorded (L3002), and so is
 * one outside the caller's data permission. It needs ChainRecords or the ViewBCdata of the record's page
 * (E1008). A record not sealed yet answers L3001 (spec 8: not recorded on blockchain yet, refresh later).
 */
export async function getHash(db: Db, tenant: TenantContext, hash: string): Promise<TChainDetail> {
  const event = await findEventByHash(db, hash);
  if (!event || event.enterpriseUuid !== tenant.enterpriseUuid) throw new AppError('LEDGER_NOT_FOUND');
  if (!(await mayViewEvidence(db, tenant, event))) throw new AppError('LEDGER_NOT_FOUND');
  if (event.leafIndex === null) throw new AppError('LEDGER_NOT_SEALED');
  const [detail] = await chainDetails(db, [event]);
  return detail!;
}

/**
 * The enterprise's evidence records the caller may list (record-access.ts: all of them on the ChainRecords
 * page, else the company's own) within its data permission, newest first by default.
 */
export async function chainRecordsPage(
  db: Db,
  tenant: TenantContext,
  req: TParsed<typeof api.ledger.queryProductChainRecordsPage>,
): Promise<TListResponse<TEvidenceRecord>> {
  const { list, total } = await runListQuery(db, {
    table: ledgerEvents,
    select: {
      id: ledgerEvents.id,
      eventType: ledgerEvents.eventType,
      subjectType: ledgerEvents.subjectType,
      subjectId: ledgerEvents.subjectId,
      payloadHash: ledgerEvents.payloadHash,
      signerDid: ledgerEvents.signerDid,
      leafHash: ledgerEvents.leafHash,
      leafIndex: ledgerEvents.leafIndex,
      blockHeight: ledgerEvents.blockHeight,
      createdAt: ledgerEvents.createdAt,
    },
    tenantColumn: ledgerEvents.enterpriseUuid,
    tenant,
    where: [
      evidenceListScope(tenant),
      filters.eq(ledgerEvents.eventType, req.eventType),
      // The record by its id or its business key: a document number, a code, a file name.
      await subjectSearch(db, req.subjectId),
      req.status === 'sealed'
        ? isNotNull(ledgerEvents.leafIndex)
        : req.status === 'pending'
          ? isNull(ledgerEvents.leafIndex)
          : undefined,
      filters.from(ledgerEvents.createdAt, req.createdFrom),
      filters.to(ledgerEvents.createdAt, req.createdTo),
    ],
    sortable: {
      createdAt: ledgerEvents.createdAt,
      eventType: ledgerEvents.eventType,
      subjectId: ledgerEvents.subjectId,
      chainHeight: ledgerEvents.blockHeight,
    },
    defaultSort: { column: ledgerEvents.createdAt, order: 'desc' },
    tieBreak: ledgerEvents.id,
    page: req,
  });
  const chains = await chainDetails(db, list);
  const names = await subjectNames(db, list);
  return {
    list: list.map((r, i) => ({
      id: r.id,
      eventType: r.eventType,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      subject: names.get(`${r.subjectType}:${r.subjectId}`) ?? null,
      payloadHash: r.payloadHash,
      signerDid: r.signerDid,
      chain: chains[i]!,
      createdAt: r.createdAt.getTime(),
    })),
    total,
  };
}
