import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns } from 'drizzle-orm';
import {
  ENTERPRISE_MENU,
  EXAMINE_STATUS,
  menuCodes,
  type api,
  type TCertification,
  type TParsed,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import {
  certificates,
  certifications,
  enterpriseUsers,
  enterprises,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../../db/schema.ts';
import { writeAccountLog } from '../../platform/account-log.ts';
import type { AppDeps, RequestMeta, SessionContext } from '../../platform/context.ts';
import { violatedUnique } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { newEnterpriseIdentity, type EnterpriseIdentity } from '../../platform/keys.ts';
import { issueCertificationCredential } from '../../platform/ledger/identity.ts';
import { recordCertification } from '../../platform/ledger/subjects.ts';
import { filters, runPlatformListQuery } from '../../platform/list-query.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { notify, notifyApplicant } from '../message/notify.ts';
import { assignFilesToEnterprise } from '../file/public.ts';
import {
  enterpriseColumns,
  findCertification,
  nextCertificateNumber,
  formOf,
  toCertification,
  uploadKeysOf,
  usernamesOf,
  withApplicant,
  type CertificationRow,
} from './repo.ts';

type Input<K extends keyof typeof api.operator.certification> = TParsed<
  (typeof api.operator.certification)[K]
>;

/** The operator's audit queue (every applicant's certifications). */
export async function certificationPage(db: Db, req: Input<'page'>) {
  const { list, total } = await runPlatformListQuery(db, {
    table: certifications,
    select: getTableColumns(certifications),
    where: [
      filters.eq(certifications.status, req.status),
      filters.contains(certifications.name, req.name),
      filters.contains(certifications.usci, req.usci),
    ],
    sortable: {
      submittedAt: certifications.submittedAt,
      auditedAt: certifications.auditedAt,
      name: certifications.name,
      status: certifications.status,
    },
    defaultSort: { column: certifications.submittedAt, order: 'desc' },
    tieBreak: certifications.id,
    page: req,
  });
  const names = await usernamesOf(
    db,
    list.map((r) => r.applicantUserId),
  );
  return {
    list: list.map((row) => {
      const { form, ...item } = toCertification(row, names.get(row.applicantUserId) ?? '');
      return { ...item, name: form.name, englishName: form.englishName, usci: form.usci, scene: form.scene };
    }),
    total,
  };
}

export async function certificationDetail(db: Db, id: number): Promise<TCertification> {
  const row = await findCertification(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return withApplicant(db, row);
}

/** An application the operator may decide on: it exists and waits for the platform audit. */
async function pendingAudit(db: Db, id: number): Promise<CertificationRow> {
  const row = await findCertification(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'pendingAudit') throw new AppError('CERTIFICATION_STATE_INVALID');
  return row;
}

async function applicantEmail(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

/** The administrator role of a new enterprise: every code of the enterprise menu. */
async function createAdministrator(tx: Db, enterpriseUuid: string, userId: number): Promise<void> {
  const [role] = await tx
    .insert(roles)
    .values({
      enterpriseUuid,
      name: '管理员',
      nameEn: 'Administrator',
      description: '企业管理员',
      descriptionEn: 'Enterprise administrator',
      isAdminRole: true,
    })
    .returning({ id: roles.id });
  await tx
    .insert(rolePermissions)
    .values(menuCodes(ENTERPRISE_MENU).map((code) => ({ roleId: role!.id, code })));
  await tx.insert(userRoles).values({ enterpriseUuid, userId, roleId: role!.id });
}

/**
 * Approval (spec 4): in one transaction the enterprise is created from the form with its platform-hosted
 * key pair, chain account and DID; the applicant becomes its administrator; a certificate is issued and
 * the licence and ID photos are handed to the enterprise. The applicant is mailed afterwards.
 */
export async function approve(
  deps: AppDeps,
  operator: SessionContext,
  id: number,
  meta: RequestMeta,
): Promise<TCertification> {
  const current = await pendingAudit(deps.db, id);
  const form = formOf(current);
  const enterpriseUuid = randomUUID();
  const identity: EnterpriseIdentity = newEnterpriseIdentity(deps.masterKey, deps.config.CHAIN_ID);
  const now = new Date();
  const approved = await deps.db
    .transaction(async (tx) => {
      const [claimed] = await tx
        .update(certifications)
        .set({
          status: 'approved',
          enterpriseUuid,
          auditedAt: now,
          auditedBy: operator.userId,
          updatedAt: now,
        })
        .where(and(eq(certifications.id, id), eq(certifications.status, 'pendingAudit')))
        .returning();
      // Another operator decided first.
      if (!claimed) throw new AppError('CERTIFICATION_STATE_INVALID');
      await tx.insert(enterprises).values({
        ...enterpriseColumns(form),
        uuid: enterpriseUuid,
        did: identity.did,
        chainAddress: identity.address,
        publicKey: identity.publicKeyHex,
        keyCiphertext: identity.keyCiphertext,
        certifiedAt: now,
      });
      await tx.insert(enterpriseUsers).values({
        enterpriseUuid,
        userId: current.applicantUserId,
        examineStatus: EXAMINE_STATUS.approved,
        isAdmin: true,
        examineName: form.name,
        auditedBy: operator.userId,
        auditedAt: now,
        gmtModified: now,
      });
      await createAdministrator(tx, enterpriseUuid, current.applicantUserId);
      await notify(
        tx,
        {
          enterpriseUuid,
          recipients: 'administrators',
          type: 'certificationApproved',
          params: { enterpriseName: { zh: form.name, en: form.englishName || form.name }, did: identity.did },
          link: '/userCenter/perfrom',
        },
        deps.mailer,
      );
      const number = await nextCertificateNumber(tx, now);
      // The blockchain certificate: a verifiable credential by the platform, recorded on the ledger in
      // this transaction (signed by the new enterprise's key).
      const [certificate] = await tx
        .insert(certificates)
        .values({
          number,
          enterpriseUuid,
          did: identity.did,
          issuedAt: now,
          payload: issueCertificationCredential(deps.platformKey, {
            number,
            did: identity.did,
            name: form.name,
            englishName: form.englishName,
            usci: form.usci,
            certifiedAt: now,
          }),
        })
        .returning();
      await recordCertification(tx, deps, certificate!, now);
      await assignFilesToEnterprise(tx, uploadKeysOf(form), enterpriseUuid);
      await writeAccountLog(tx, meta, {
        userId: operator.userId,
        enterpriseUuid,
        action: 'certificationApprove',
        result: 'success',
        detail: { certificationId: id, certificate: number, did: identity.did },
      });
      return claimed;
    })
    .catch((err: unknown) => {
      // The USCI was certified by another path between the check and the insert.
      if (violatedUnique(err) === 'enterprises_usci_uq') throw new AppError('CERTIFICATION_DUPLICATE');
      throw err;
    });
  await mailApplicant(deps, approved, {
    subject: 'Tracehub 企业认证已通过 / certification approved',
    body:
      `您提交的企业认证「${form.name}」已通过审核，企业数字身份（DID）为 ${identity.did}。` +
      `请在「切换企业」中选择该企业开始使用。\n` +
      `The certification of ${form.englishName} has been approved; its DID is ${identity.did}. ` +
      `Switch to the enterprise to start using the console.`,
  });
  return withApplicant(deps.db, approved);
}

/** Return with the operator's notes (spec 4); the applicant edits and resubmits. */
export async function returnBack(
  deps: AppDeps,
  operator: SessionContext,
  input: Input<'returnBack'>,
  meta: RequestMeta,
): Promise<TCertification> {
  await pendingAudit(deps.db, input.id);
  const now = new Date();
  const [returned] = await deps.db
    .update(certifications)
    .set({
      status: 'returned',
      auditNotes: input.notes,
      auditedAt: now,
      auditedBy: operator.userId,
      updatedAt: now,
    })
    .where(and(eq(certifications.id, input.id), eq(certifications.status, 'pendingAudit')))
    .returning();
  if (!returned) throw new AppError('CERTIFICATION_STATE_INVALID');
  await writeAccountLog(deps.db, meta, {
    userId: operator.userId,
    enterpriseUuid: null,
    action: 'certificationReturn',
    result: 'success',
    detail: { certificationId: input.id, applicant: returned.applicantUserId },
  });
  const form = formOf(returned);
  await notifyApplicant(
    deps.db,
    returned.applicantUserId,
    { type: 'certificationReturned', params: { enterpriseName: form.name, notes: input.notes } },
    deps.mailer,
  );
  await mailApplicant(deps, returned, {
    subject: 'Tracehub 企业认证被退回 / certification returned',
    body:
      `您提交的企业认证「${form.name}」被退回，原因：${input.notes}\n请修改后重新提交。\n` +
      `The certification of ${form.englishName} was returned: ${input.notes}\n` +
      `Please edit and resubmit it.`,
  });
  return withApplicant(deps.db, returned);
}

async function mailApplicant(
  deps: AppDeps,
  row: CertificationRow,
  message: Omit<MailMessage, 'to'>,
): Promise<void> {
  const to = await applicantEmail(deps.db, row.applicantUserId);
  if (to) await deps.mailer.send(deps.db, { to, ...message });
}
