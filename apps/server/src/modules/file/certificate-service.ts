import { and, desc, eq } from 'drizzle-orm';
import type { TFileEvidence } from '@tracehub/contract';
import { verifyCredential } from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { certificates, enterprises, files, ledgerEvents } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformKey } from '../../platform/ledger/platform-key.ts';
import { inclusionProofOf } from '../../platform/ledger/proofs.ts';
import {
  chainDetails,
  findEventByHash,
  latestEventsOf,
  type EventRow,
} from '../../platform/ledger/records.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import { assertEndpointAccess } from '../../platform/permissions.ts';
import { mayViewEvidence } from '../../platform/record-access.ts';
import type { CertificationFacts, EnterpriseFacts, EvidenceFacts } from './certificate-content.ts';

// The records behind /file/viewChainPdf and /pass/chainFile. `db` is always the tenant transaction, and
// every query names the tenant's enterprise as well: another enterprise's record is as unknown (E1003)
// as one that never existed.

/** The permission of the certification certificate, as for the user centre's certificate dialog. */
export const CERTIFICATE_PERMISSION = 'ViewBlockchainCertificate';

/**
 * What a certificate `uuid` names: an evidence record by its rowkey (the ledger event id, digits) or by
 * its txHash / data hash (64 hex digits), otherwise a certificate number (TH-CERT-…).
 */
export type CertificateTarget =
  { kind: 'event'; id: number } | { kind: 'hash'; hash: string } | { kind: 'certificate'; number: string };

export function parseCertificateUuid(uuid: string): CertificateTarget {
  const value = uuid.trim();
  if (/^\d{1,15}$/.test(value)) return { kind: 'event', id: Number(value) };
  if (/^[0-9a-fA-F]{64}$/.test(value)) return { kind: 'hash', hash: value.toLowerCase() };
  return { kind: 'certificate', number: value };
}

export type CertificateFacts =
  { kind: 'evidence'; facts: EvidenceFacts } | { kind: 'certification'; facts: CertificationFacts };

async function enterpriseOf(db: Db, tenant: TenantContext): Promise<EnterpriseFacts> {
  const [row] = await db
    .select({ name: enterprises.name, englishName: enterprises.englishName, did: enterprises.did })
    .from(enterprises)
    .where(eq(enterprises.uuid, tenant.enterpriseUuid))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function ownEvent(db: Db, tenant: TenantContext, target: CertificateTarget): Promise<EventRow> {
  let event: EventRow | null = null;
  if (target.kind === 'event') {
    const [row] = await db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.id, target.id), eq(ledgerEvents.enterpriseUuid, tenant.enterpriseUuid)))
      .limit(1);
    event = row ?? null;
  } else if (target.kind === 'hash') {
    event = await findEventByHash(db, target.hash);
  }
  if (!event || event.enterpriseUuid !== tenant.enterpriseUuid) throw new AppError('NOT_FOUND');
  // ChainRecords or the ViewBCdata of the record's page, and the record within the data permission.
  if (!(await mayViewEvidence(db, tenant, event))) throw new AppError('NOT_FOUND');
  return event;
}

const fileNameOf = (event: EventRow): string | null => {
  if (event.subjectType !== EVIDENCE.fileUploaded.subjectType) return null;
  const payload = event.payload as Record<string, unknown> | null;
  return payload && typeof payload.fileName === 'string' ? payload.fileName : null;
};

/**
 * A sealed record of the enterprise with its block and anchor. Its inclusion proof is checked as the
 * public proof endpoint checks it, so a record that no longer verifies is refused (L3003), never
 * certified; one not sealed yet is L3001 (spec 8: not recorded on blockchain yet, refresh later).
 */
async function evidenceFacts(
  db: Db,
  tenant: TenantContext,
  key: PlatformKey,
  target: CertificateTarget,
): Promise<EvidenceFacts> {
  const event = await ownEvent(db, tenant, target);
  if (event.leafIndex === null) throw new AppError('LEDGER_NOT_SEALED');
  const proof = await inclusionProofOf(db, event, key.publicKeyHex);
  const { header } = proof.block;
  return {
    eventId: event.id,
    eventType: event.eventType,
    subjectId: event.subjectId,
    fileName: fileNameOf(event),
    leafHash: event.leafHash,
    dataHash: event.dataHash,
    payloadHash: event.payloadHash,
    payloadSalted: event.salt !== null,
    time: event.createdAt.getTime(),
    block: { height: header.height, hash: proof.block.hash, time: header.time },
    anchor: proof.anchor,
    enterprise: await enterpriseOf(db, tenant),
  };
}

/**
 * One of the enterprise's certificates with the evidence of its issue. The credential must still verify
 * against the platform key (L3003 otherwise), as the public credential endpoint requires.
 */
async function certificationFacts(
  db: Db,
  tenant: TenantContext,
  key: PlatformKey,
  number: string,
): Promise<CertificationFacts> {
  assertEndpointAccess([CERTIFICATE_PERMISSION], tenant);
  const [row] = await db
    .select({
      number: certificates.number,
      did: certificates.did,
      issuedAt: certificates.issuedAt,
      payload: certificates.payload,
      name: enterprises.name,
      englishName: enterprises.englishName,
      usci: enterprises.usci,
      chainAccount: enterprises.chainAddress,
    })
    .from(certificates)
    .innerJoin(enterprises, eq(enterprises.uuid, certificates.enterpriseUuid))
    .where(and(eq(certificates.number, number), eq(certificates.enterpriseUuid, tenant.enterpriseUuid)))
    .orderBy(desc(certificates.id))
    .limit(1);
  if (!row?.chainAccount) throw new AppError('NOT_FOUND');
  if (!verifyCredential(row.payload, key.publicKeyHex)) throw new AppError('LEDGER_INTEGRITY');
  const event = (await latestEventsOf(db, EVIDENCE.enterpriseCertified.subjectType, [row.number])).get(
    row.number,
  );
  const own = event && event.enterpriseUuid === tenant.enterpriseUuid ? event : null;
  let block: { height: number; time: number } | null = null;
  if (own && own.leafIndex !== null) {
    const { header } = (await inclusionProofOf(db, own, key.publicKeyHex)).block;
    block = { height: header.height, time: header.time };
  }
  return {
    number: row.number,
    name: row.name,
    englishName: row.englishName,
    usci: row.usci,
    did: row.did,
    chainAccount: row.chainAccount,
    issuedAt: row.issuedAt.getTime(),
    issuerDid: key.did,
    evidence: own ? { leafHash: own.leafHash, block } : null,
  };
}

/** What the certificate `uuid` prints (see parseCertificateUuid). */
export async function certificateFacts(
  db: Db,
  tenant: TenantContext,
  key: PlatformKey,
  uuid: string,
): Promise<CertificateFacts> {
  const target = parseCertificateUuid(uuid);
  return target.kind === 'certificate'
    ? { kind: 'certification', facts: await certificationFacts(db, tenant, key, target.number) }
    : { kind: 'evidence', facts: await evidenceFacts(db, tenant, key, target) };
}

/**
 * /pass/chainFile: one of the enterprise's files with its upload evidence, as /file/list gives it, for
 * callers who may view that evidence (platform/record-access.ts).
 */
export async function chainFile(db: Db, tenant: TenantContext, fileKey: string): Promise<TFileEvidence> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.fileKey, fileKey), eq(files.enterpriseUuid, tenant.enterpriseUuid)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const event = (await latestEventsOf(db, EVIDENCE.fileUploaded.subjectType, [row.fileKey])).get(row.fileKey);
  if (!event) throw new AppError('NOT_FOUND');
  // As for any evidence: the code of the file's record's page and the record within the data permission.
  if (!(await mayViewEvidence(db, tenant, event))) throw new AppError('NOT_FOUND');
  const [chain] = await chainDetails(db, [event]);
  return {
    fileName: row.fileName,
    fileHash: row.sha256,
    txHash: event.leafHash,
    txTime: event.createdAt.getTime(),
    rowkey: String(event.id),
    fileKey: row.fileKey,
    chain: chain!,
  };
}
