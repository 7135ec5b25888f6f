import { eq } from 'drizzle-orm';
import {
  isValidEmail,
  type TPartnerInviteFailure,
  type TPartnerInviteFailureItem,
  type TPartnerInviteResult,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { appendEvidenceBatch, type EvidenceKeys, type NewEvidence } from '../../platform/ledger/append.ts';
import type { MailMessage, Mailer } from '../../platform/mail.ts';
import { setInviteOutcome, type PartnerRow } from './repo.ts';
import { partnerStore } from './service.ts';
import { refreshSettlement } from './settlement.ts';

// Invitations (spec 2.3 "invite", 8 "Failed invite e-mails are listed"): an unsettled partner with a valid
// e-mail address is mailed a bilingual invitation through the outbox; every other partner fails with its
// reason. Each attempt is kept on the partner (status, reason, time) and recorded as evidence.

export interface InviteDeps {
  keys: EvidenceKeys;
  mailer: Mailer;
}

type Enterprise = Pick<TenantContext, 'enterpriseUuid'>;

/** The inviting enterprise's names, as the mail signs it. */
async function inviterOf(db: Db, tenant: Enterprise): Promise<{ zh: string; en: string }> {
  const [row] = await db
    .select({ name: enterprises.name, englishName: enterprises.englishName })
    .from(enterprises)
    .where(eq(enterprises.uuid, tenant.enterpriseUuid))
    .limit(1);
  const zh = row?.name ?? '';
  return { zh, en: row?.englishName || zh };
}

export function invitationMail(inviter: { zh: string; en: string }, partner: PartnerRow): MailMessage {
  const nameEn = partner.nameEn || partner.name;
  return {
    to: partner.email,
    subject: `${inviter.zh} 邀请贵司入驻 Tracehub / ${inviter.en} invites you to Tracehub`,
    body:
      `${partner.contactName || partner.name}，您好：\n` +
      `${inviter.zh} 邀请贵司（${partner.name}）入驻 Tracehub 供应链追溯平台，与我们交换溯源数据。` +
      `请在平台注册账号，并以统一社会信用代码 ${partner.usci} 完成企业认证；认证通过后贵司即为已入驻企业。\n\n` +
      `Dear ${partner.contactName || nameEn},\n` +
      `${inviter.en} invites your company (${nameEn}) to join the Tracehub supply-chain traceability ` +
      `platform and exchange traceability data with us. Please register an account on the platform and ` +
      `certify your company with the unified social credit code ${partner.usci}; once certified, your ` +
      `company is settled.`,
  };
}

/** Why the partner cannot be invited, or null when it can. */
function refusal(partner: PartnerRow): TPartnerInviteFailure | null {
  if (partner.partnerEnterpriseUuid) return 'settled';
  if (!partner.email) return 'noEmail';
  if (!isValidEmail(partner.email)) return 'invalidEmail';
  return null;
}

/**
 * Mails the invitation in a savepoint: a message the outbox cannot take (or that SMTP refuses) fails this
 * partner's invitation alone, without aborting the caller's transaction.
 */
async function send(db: Db, mailer: Mailer, message: MailMessage): Promise<boolean> {
  try {
    return (await db.transaction((sp) => mailer.send(sp as unknown as Db, message))) !== 'failed';
  } catch {
    return false;
  }
}

/**
 * Invites the partners (their settlement refreshed first) in the caller's transaction; `importId` names the
 * import that asked for it, so that its result can list the failures.
 */
export async function invitePartners(
  db: Db,
  deps: InviteDeps,
  tenant: Enterprise,
  rows: readonly PartnerRow[],
  importId: string | null = null,
): Promise<TPartnerInviteResult> {
  if (rows.length === 0) return { invited: 0, failed: [] };
  const { rows: fresh } = await refreshSettlement(db, tenant, rows);
  const inviter = await inviterOf(db, tenant);
  const failed: TPartnerInviteFailureItem[] = [];
  const evidence: NewEvidence[] = [];
  const invitedAt = new Date();
  for (const partner of fresh) {
    let reason = refusal(partner);
    if (!reason && !(await send(db, deps.mailer, invitationMail(inviter, partner)))) reason = 'mailFailed';
    await setInviteOutcome(db, tenant, partner.id, {
      inviteStatus: reason ? 'failed' : 'invited',
      inviteError: reason,
      invitedAt,
      inviteImportId: importId,
    });
    evidence.push(
      partnerStore.evidence(reason ? 'inviteFailed' : 'invited', partner, {
        invite: { email: partner.email, reason },
      }),
    );
    if (reason) {
      failed.push({ id: partner.id, code: partner.code, name: partner.name, email: partner.email, reason });
    }
  }
  await appendEvidenceBatch(db, deps.keys, evidence);
  return { invited: fresh.length - failed.length, failed };
}

/** Invites the caller's partners `ids`; an unknown or foreign id fails the whole call. */
export async function invite(
  db: Db,
  deps: InviteDeps,
  tenant: TenantContext,
  ids: readonly number[],
): Promise<TPartnerInviteResult> {
  const found = await partnerStore.findMany(db, tenant, ids);
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  return invitePartners(db, deps, tenant, found);
}
