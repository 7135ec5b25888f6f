import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  LIMITS,
  type TCertificate,
  type TCertification,
  type TCompanyForm,
  type TLang,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { certificates, certifications, enterprises } from '../../db/schema.ts';
import { writeAccountLog } from '../../platform/account-log.ts';
import type { AppDeps, RequestMeta, SessionContext, TenantContext } from '../../platform/context.ts';
import { violatedUnique } from '../../platform/db-errors.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
import type { VerifierFinding } from '../../platform/verifier.ts';
import { ownUploads } from '../file/public.ts';
import {
  FORM_UPLOADS,
  associatedEnterpriseCount,
  findCertification,
  listOwnCertifications,
  toCertification,
  uploadKeysOf,
  usciHolders,
  type CertificationRow,
} from './repo.ts';

/** The licence and ID photos must be the applicant's own uploads of the matching business type. */
async function assertOwnUploads(db: Db, userId: number, form: TCompanyForm, lang: TLang): Promise<void> {
  const own = await ownUploads(db, userId, uploadKeysOf(form));
  for (const [field, bizType] of FORM_UPLOADS) {
    if (own.get(form[field])?.bizType !== bizType) throw fieldInvalid(lang, field, 'v.company.upload');
  }
}

/**
 * One company, one certification (spec 8: 'This company has already been submitted to authenticate').
 * The applicant's own earlier application for the same company is edited with resubmit instead.
 */
async function assertUsciFree(db: Db, usci: string, userId: number, exceptId?: number): Promise<void> {
  const held = await usciHolders(db, usci, exceptId);
  if (held.enterprise) throw new AppError('CERTIFICATION_DUPLICATE');
  if (held.certification) {
    throw new AppError(
      held.certification.applicantUserId === userId
        ? 'CERTIFICATION_STATE_INVALID'
        : 'CERTIFICATION_DUPLICATE',
    );
  }
}

/**
 * Spec 5: a new company cannot be certified with 6 or more associated enterprises, unless one of them is a
 * pending company without a DID, which is then completed (resubmit) rather than added: so only new
 * submissions count against the limit.
 */
async function assertMayCertifyAnother(db: Db, userId: number): Promise<void> {
  if ((await associatedEnterpriseCount(db, userId)) >= LIMITS.enterprisesPerAccount) {
    throw new AppError('CERTIFY_LIMIT_REACHED');
  }
}

/**
 * The third-party check runs in the submitting request: passed goes to the operator's queue, failed comes
 * back to the applicant with the reason. A verifier that fails to answer returns it too, so no application
 * is left stuck in 'submitted'.
 */
async function runThirdPartyCheck(
  deps: AppDeps,
  row: CertificationRow,
  log: FastifyBaseLogger,
): Promise<CertificationRow> {
  let finding: VerifierFinding;
  try {
    finding = await deps.verifier.verify(row.form as TCompanyForm, deps.db);
  } catch (err) {
    log.error({ err, certificationId: row.id }, 'company verifier failed');
    finding = { passed: false, reason: 'verifierUnavailable' };
  }
  const [checked] = await deps.db
    .update(certifications)
    .set({
      status: finding.passed ? 'pendingAudit' : 'returned',
      verifierResult: { passed: finding.passed, reason: finding.reason, verifier: deps.verifier.name },
      updatedAt: new Date(),
    })
    .where(and(eq(certifications.id, row.id), eq(certifications.status, 'submitted')))
    .returning();
  return checked ?? row;
}

function rethrowDuplicate(err: unknown): never {
  if (violatedUnique(err) === 'certifications_usci_uq') throw new AppError('CERTIFICATION_DUPLICATE');
  throw err;
}

export async function submit(
  deps: AppDeps,
  session: SessionContext,
  form: TCompanyForm,
  meta: RequestMeta,
  log: FastifyBaseLogger,
): Promise<TCertification> {
  // The limit is the menu entry's own rule (spec 5), so it is checked before the form's content.
  await assertMayCertifyAnother(deps.db, session.userId);
  await assertUsciFree(deps.db, form.usci, session.userId);
  await assertOwnUploads(deps.db, session.userId, form, meta.lang);
  const [row] = await deps.db
    .insert(certifications)
    .values({
      applicantUserId: session.userId,
      usci: form.usci,
      name: form.name,
      form,
      status: 'submitted',
    })
    .returning()
    .catch(rethrowDuplicate);
  const checked = await runThirdPartyCheck(deps, row!, log);
  await writeAccountLog(deps.db, meta, {
    userId: session.userId,
    enterpriseUuid: null,
    action: 'certificationSubmit',
    result: 'success',
    detail: { certificationId: checked.id, usci: checked.usci, status: checked.status },
  });
  return toCertification(checked, session.username);
}

/** Edit and resubmit a returned application (spec 4); the third-party check runs again. */
export async function resubmit(
  deps: AppDeps,
  session: SessionContext,
  input: { id: number; form: TCompanyForm },
  meta: RequestMeta,
  log: FastifyBaseLogger,
): Promise<TCertification> {
  const current = await findCertification(deps.db, input.id);
  if (!current || current.applicantUserId !== session.userId) throw new AppError('NOT_FOUND');
  if (current.status !== 'returned') throw new AppError('CERTIFICATION_STATE_INVALID');
  const { form } = input;
  await assertUsciFree(deps.db, form.usci, session.userId, current.id);
  await assertOwnUploads(deps.db, session.userId, form, meta.lang);
  const [row] = await deps.db
    .update(certifications)
    .set({
      usci: form.usci,
      name: form.name,
      form,
      status: 'submitted',
      verifierResult: null,
      submittedAt: new Date(),
      auditedAt: null,
      auditedBy: null,
      updatedAt: new Date(),
    })
    .where(and(eq(certifications.id, current.id), eq(certifications.status, 'returned')))
    .returning()
    .catch(rethrowDuplicate);
  // Another request resubmitted it first.
  if (!row) throw new AppError('CERTIFICATION_STATE_INVALID');
  const checked = await runThirdPartyCheck(deps, row, log);
  await writeAccountLog(deps.db, meta, {
    userId: session.userId,
    enterpriseUuid: null,
    action: 'certificationResubmit',
    result: 'success',
    detail: { certificationId: checked.id, usci: checked.usci, status: checked.status },
  });
  return toCertification(checked, session.username);
}

export async function mine(deps: AppDeps, session: SessionContext): Promise<TCertification[]> {
  const rows = await listOwnCertifications(deps.db, session.userId);
  return rows.map((r) => toCertification(r, session.username));
}

/** The current enterprise's newest certificate; `db` is the tenant transaction. */
export async function currentCertificate(db: Db, tenant: TenantContext): Promise<TCertificate> {
  const [row] = await db
    .select({
      number: certificates.number,
      did: certificates.did,
      issuedAt: certificates.issuedAt,
      enterpriseUuid: enterprises.uuid,
      enterpriseName: enterprises.name,
      enterpriseEnglishName: enterprises.englishName,
      usci: enterprises.usci,
      chainAccount: enterprises.chainAddress,
    })
    .from(certificates)
    .innerJoin(enterprises, eq(enterprises.uuid, certificates.enterpriseUuid))
    .where(eq(certificates.enterpriseUuid, tenant.enterpriseUuid))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(1);
  if (!row || !row.chainAccount) throw new AppError('NOT_FOUND');
  return { ...row, chainAccount: row.chainAccount, issuedAt: row.issuedAt.getTime() };
}
