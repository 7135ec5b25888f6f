import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certificates, enterprises, files } from '../../db/schema.ts';
import {
  appendEvidence,
  appendEvidenceBatch,
  type AppendedEvidence,
  type EvidenceKeys,
  type NewEvidence,
} from './append.ts';
import { issueCertificationCredential } from './identity.ts';
import type { PlatformKey } from './platform-key.ts';

// The business records the ledger holds evidence of: what each one's evidence payload is, so that the
// record's writers and the verifier (ledger:verify) agree on it. The lists of the record catalogue (project
// codes, partners, materials) derive theirs from their declarations (platform/records/store.ts).

export const EVIDENCE = {
  fileUploaded: { type: 'file.uploaded', subjectType: 'file' },
  /** An attachment removed from its record; the upload's own evidence stays. */
  fileDeleted: { type: 'file.deleted', subjectType: 'file' },
  enterpriseCertified: { type: 'enterprise.certified', subjectType: 'certificate' },
  companyUpdated: { type: 'company.updated', subjectType: 'enterprise' },
  projectCreated: { type: 'project.created', subjectType: 'project' },
  projectUpdated: { type: 'project.updated', subjectType: 'project' },
  projectDeleted: { type: 'project.deleted', subjectType: 'project' },
  partnerCreated: { type: 'partner.created', subjectType: 'partner' },
  partnerUpdated: { type: 'partner.updated', subjectType: 'partner' },
  partnerDeleted: { type: 'partner.deleted', subjectType: 'partner' },
  partnerInvited: { type: 'partner.invited', subjectType: 'partner' },
  partnerInviteFailed: { type: 'partner.inviteFailed', subjectType: 'partner' },
  materialRelationCreated: { type: 'materialRelation.created', subjectType: 'materialRelation' },
  materialRelationUpdated: { type: 'materialRelation.updated', subjectType: 'materialRelation' },
  materialRelationDeleted: { type: 'materialRelation.deleted', subjectType: 'materialRelation' },
  materialRelationLinked: { type: 'materialRelation.linked', subjectType: 'materialRelation' },
  materialRelationUnlinked: { type: 'materialRelation.unlinked', subjectType: 'materialRelation' },
  materialCreated: { type: 'material.created', subjectType: 'material' },
  materialUpdated: { type: 'material.updated', subjectType: 'material' },
  materialDeleted: { type: 'material.deleted', subjectType: 'material' },
  materialQualityAttached: { type: 'material.qualityAttached', subjectType: 'material' },
  productCreated: { type: 'product.created', subjectType: 'product' },
  productUpdated: { type: 'product.updated', subjectType: 'product' },
  productDeleted: { type: 'product.deleted', subjectType: 'product' },
  /** A carbon footprint upload of a product: its own subject, so each upload has its own evidence. */
  productCarbonUploaded: { type: 'product.carbonUploaded', subjectType: 'productCarbon' },
  documentCreated: { type: 'document.created', subjectType: 'document' },
  documentUpdated: { type: 'document.updated', subjectType: 'document' },
  documentDeleted: { type: 'document.deleted', subjectType: 'document' },
} as const;

export type FileRow = typeof files.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;

/** The evidence of an upload: the file's identity and content hash (its owner enterprise may change). */
export function fileEvidencePayload(row: FileRow) {
  return {
    fileKey: row.fileKey,
    fileName: row.fileName,
    bizType: row.bizType,
    bizNo: row.bizNo,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
  };
}

/** Records an upload (data hash = the file's SHA-256) in the upload's transaction. */
export function recordFileUpload(tx: Db, keys: EvidenceKeys, row: FileRow): Promise<AppendedEvidence> {
  return appendEvidence(tx, keys, fileEvidence(row));
}

/**
 * The evidence of an attachment's deletion: the file as it was, and the rowkey (event id) of its upload's
 * evidence. No data hash, so that a look-up by the content's SHA-256 still finds the upload.
 */
export function fileDeletionEvidence(row: FileRow, uploadEventId: number): NewEvidence {
  return {
    ...EVIDENCE.fileDeleted,
    enterpriseUuid: row.enterpriseUuid,
    subjectId: row.fileKey,
    payload: { ...fileEvidencePayload(row), uploadRowkey: String(uploadEventId) },
  };
}

const fileEvidence = (row: FileRow) => ({
  ...EVIDENCE.fileUploaded,
  enterpriseUuid: row.enterpriseUuid,
  subjectId: row.fileKey,
  payload: fileEvidencePayload(row),
  dataHash: row.sha256,
});

/** Records a certification: the evidence payload is the certificate's verifiable credential. */
export function recordCertification(
  tx: Db,
  keys: EvidenceKeys,
  row: Pick<CertificateRow, 'number' | 'enterpriseUuid' | 'payload'>,
  time?: Date,
): Promise<AppendedEvidence> {
  return appendEvidence(tx, keys, {
    ...EVIDENCE.enterpriseCertified,
    enterpriseUuid: row.enterpriseUuid,
    subjectId: row.number,
    payload: row.payload,
    ...(time ? { time } : {}),
  });
}

/** Records a change of the enterprise's own data: the changed fields and their new values. */
export function recordCompanyUpdate(
  tx: Db,
  keys: EvidenceKeys,
  enterpriseUuid: string,
  changes: Record<string, unknown>,
): Promise<AppendedEvidence> {
  return appendEvidence(tx, keys, {
    ...EVIDENCE.companyUpdated,
    enterpriseUuid,
    subjectId: enterpriseUuid,
    payload: { changes },
  });
}

/** What a material code mapping's evidence holds; `own` is the linked own item. */
export interface MaterialRelationEvidenceRow {
  id: number;
  enterpriseUuid: string;
  direction: string;
  partnerId: number | null;
  partnerCode: string;
  partnerName: string;
  partnerMaterialNo: string;
  partnerMaterialName: string;
  notes: string;
  own: { kind: string; id: number; code: string; name: string; batchNo: string; vinSn: string } | null;
}

/**
 * The evidence of a material code mapping's change (created, by hand or by import; updated; deleted;
 * linked to an own material or product; unlinked): the subject is the row id, the payload the mapping with
 * its own side as it is after the change (before it, for a deletion).
 */
export function materialRelationEvidence(
  event: (typeof EVIDENCE)[
    | 'materialRelationCreated'
    | 'materialRelationUpdated'
    | 'materialRelationDeleted'
    | 'materialRelationLinked'
    | 'materialRelationUnlinked'],
  row: MaterialRelationEvidenceRow,
): NewEvidence {
  return {
    ...event,
    enterpriseUuid: row.enterpriseUuid,
    subjectId: String(row.id),
    payload: {
      direction: row.direction,
      partnerId: row.partnerId,
      partnerCode: row.partnerCode,
      partnerName: row.partnerName,
      partnerMaterialNo: row.partnerMaterialNo,
      partnerMaterialName: row.partnerMaterialName,
      notes: row.notes,
      own: row.own,
    },
  };
}

// Serialises backfills between processes starting together ('THBF').
const BACKFILL_LOCK = 0x54484246;

/**
 * Evidence for records written before the ledger existed (a database from an earlier version): uploads
 * without an upload event, and certificates without a credential or without a certification event. Runs
 * at start; a database whose records all have evidence costs two index look-ups.
 */
export async function backfillEvidence(
  db: Db,
  keys: EvidenceKeys,
  platformKey: PlatformKey,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK}::bigint)`);
    const t = tx as unknown as Db;
    const bareFiles = await tx
      .select()
      .from(files)
      .where(
        sql`not exists (select 1 from ledger_events e where e.subject_type = ${EVIDENCE.fileUploaded.subjectType} and e.subject_id = ${files.fileKey})`,
      );
    await appendEvidenceBatch(t, keys, bareFiles.map(fileEvidence));

    const bareCertificates = await tx
      .select({ certificate: certificates, enterprise: enterprises })
      .from(certificates)
      .innerJoin(enterprises, eq(enterprises.uuid, certificates.enterpriseUuid))
      .where(
        sql`not exists (select 1 from ledger_events e where e.subject_type = ${EVIDENCE.enterpriseCertified.subjectType} and e.subject_id = ${certificates.number})`,
      );
    for (const { certificate, enterprise } of bareCertificates) {
      let payload = certificate.payload;
      if (!payload || !('proof' in payload)) {
        payload = issueCertificationCredential(platformKey, {
          number: certificate.number,
          did: certificate.did,
          name: enterprise.name,
          englishName: enterprise.englishName,
          usci: enterprise.usci,
          certifiedAt: certificate.issuedAt,
        });
        await tx.update(certificates).set({ payload }).where(eq(certificates.id, certificate.id));
      }
      await recordCertification(t, keys, { ...certificate, payload });
    }
    return bareFiles.length + bareCertificates.length;
  });
}
