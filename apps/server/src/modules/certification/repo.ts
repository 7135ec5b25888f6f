import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { TCertification, TCompanyForm } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { certificates, certifications, enterpriseUsers, enterprises, users } from '../../db/schema.ts';
import { isRowId } from '../../platform/ids.ts';
import { VISIBLE_LINK_STATES } from '../examine/public.ts';

export type CertificationRow = typeof certifications.$inferSelect;

export const formOf = (row: CertificationRow): TCompanyForm => row.form as TCompanyForm;

/** Applicants' user names by id. */
export async function usernamesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export function toCertification(row: CertificationRow, applicantUsername: string): TCertification {
  return {
    id: row.id,
    status: row.status,
    form: formOf(row),
    verifierResult: row.verifierResult ?? null,
    auditNotes: row.auditNotes,
    applicantUsername,
    enterpriseUuid: row.enterpriseUuid,
    submittedAt: row.submittedAt.getTime(),
    auditedAt: row.auditedAt?.getTime() ?? null,
  };
}

export async function withApplicant(db: Db, row: CertificationRow): Promise<TCertification> {
  const names = await usernamesOf(db, [row.applicantUserId]);
  return toCertification(row, names.get(row.applicantUserId) ?? '');
}

export async function findCertification(db: Db, id: number): Promise<CertificationRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select().from(certifications).where(eq(certifications.id, id)).limit(1);
  return row ?? null;
}

export async function listOwnCertifications(db: Db, userId: number): Promise<CertificationRow[]> {
  return db
    .select()
    .from(certifications)
    .where(eq(certifications.applicantUserId, userId))
    .orderBy(desc(certifications.submittedAt), desc(certifications.id));
}

/** Who already holds a USCI: an enterprise on the platform, or a certification (other than `exceptId`). */
export async function usciHolders(db: Db, usci: string, exceptId?: number) {
  const [enterprise] = await db
    .select({ uuid: enterprises.uuid })
    .from(enterprises)
    .where(eq(enterprises.usci, usci))
    .limit(1);
  const [certification] = await db
    .select({ id: certifications.id, applicantUserId: certifications.applicantUserId })
    .from(certifications)
    .where(
      and(
        eq(certifications.usci, usci),
        exceptId === undefined ? undefined : ne(certifications.id, exceptId),
      ),
    )
    .limit(1);
  return { enterprise: enterprise ?? null, certification: certification ?? null };
}

/**
 * The account's associated enterprises for the certify-new-company rule: its links (pending, approved,
 * rejected) plus its certifications still on the way (an approved one has become a link already).
 */
export async function associatedEnterpriseCount(db: Db, userId: number): Promise<number> {
  const [links] = await db
    .select({ n: count() })
    .from(enterpriseUsers)
    .where(
      and(eq(enterpriseUsers.userId, userId), inArray(enterpriseUsers.examineStatus, VISIBLE_LINK_STATES)),
    );
  const [open] = await db
    .select({ n: count() })
    .from(certifications)
    .where(and(eq(certifications.applicantUserId, userId), ne(certifications.status, 'approved')));
  return (links?.n ?? 0) + (open?.n ?? 0);
}

/** The enterprise columns of a certified company form. */
export function enterpriseColumns(form: TCompanyForm) {
  return {
    name: form.name,
    englishName: form.englishName,
    chineseShort: form.chineseShort || null,
    englishShort: form.englishShort || null,
    usci: form.usci,
    role: form.automaker ? 1 : 0,
    businessAttribute: form.businessAttribute,
    steelAttributes: [...form.steelAttributes],
    scene: form.scene,
    deploymentMethod: form.deploymentMethod,
    businessTermFrom: form.businessTermFrom,
    businessTermTo: form.businessTermTo,
    registeredAddress: form.registeredAddress,
    operationAddress: form.operationAddress,
    legalPersonName: form.legalPersonName,
    legalPersonIdType: form.legalPersonIdType,
    legalPersonIdNumber: form.legalPersonIdNumber,
    legalPersonIdValidFrom: form.legalPersonIdValidFrom,
    legalPersonIdValidTo: form.legalPersonIdValidTo,
    idPhotoFront: form.idPhotoFront,
    idPhotoBack: form.idPhotoBack,
    businessLicence: form.businessLicence,
  };
}

/** The upload fields of the form and the business type each must have been uploaded as. */
export const FORM_UPLOADS = [
  ['businessLicence', 'businessLicence'],
  ['idPhotoFront', 'idPhoto'],
  ['idPhotoBack', 'idPhoto'],
] as const;

export const uploadKeysOf = (form: TCompanyForm): string[] => FORM_UPLOADS.map(([field]) => form[field]);

// Crockford's base32 (no I, L, O, U): unambiguous to read out and type.
const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random characters of a certificate number: 16 base32 characters, 80 bits from the CSPRNG. */
export const CERTIFICATE_RANDOM_CHARS = 16;
/** A certificate number as issued since numbers became random; older ones are `TH-CERT-<year>-<6 digits>`. */
export const CERTIFICATE_NUMBER_PATTERN = /^TH-CERT-\d{4}-[0-9A-HJKMNP-TV-Z]{16}$/;

/** The random part of a certificate number: 10 CSPRNG bytes as 16 base32 characters. */
function randomCertificatePart(): string {
  const bytes = randomBytes((CERTIFICATE_RANDOM_CHARS * 5) / 8);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = CERTIFICATE_RANDOM_CHARS - 1; i >= 0; i--)
    out += CERTIFICATE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

/**
 * 'TH-CERT-<year>-<16 random base32 characters>'. Random, not sequential, so that a number tells nothing of
 * the others: the public credential endpoint serves any certificate by its number, and sequential numbers
 * let anyone enumerate every certified enterprise. Numbers issued before (6-digit sequences) stay valid.
 * The unique index stays the guarantee; a number already taken (2^-80 odds) is drawn again.
 */
export async function nextCertificateNumber(tx: Db, issuedAt: Date): Promise<string> {
  for (;;) {
    const number = `TH-CERT-${issuedAt.getUTCFullYear()}-${randomCertificatePart()}`;
    const [taken] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.number, number))
      .limit(1);
    if (!taken) return number;
  }
}
