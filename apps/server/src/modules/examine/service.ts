import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { api } from '@tracehub/contract';
import { EXAMINE_STATUS, LIMITS, type TParsed } from '@tracehub/contract';
import { enterpriseUsers, enterprises, users } from '../../db/schema.ts';
import type { AccountContext, AppDeps } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notify } from '../message/notify.ts';
import { LINK_CANCELLED, LINK_DELETED, VISIBLE_LINK_STATES } from './repo.ts';

type Input<K extends keyof typeof api.examine> = TParsed<(typeof api.examine)[K]>;

export async function lookupByUsci(deps: AppDeps, usci: string) {
  const [row] = await deps.db
    .select({ enterpriseName: enterprises.name, enterpriseNameEn: enterprises.englishName })
    .from(enterprises)
    .where(and(eq(enterprises.usci, usci.trim().toUpperCase()), isNotNull(enterprises.did)))
    .limit(1);
  return row ? { success: true, data: row } : { success: false, data: null };
}

/**
 * An account applies to join a certified enterprise. Rules of spec 2.5/5: one open (pending or rejected)
 * application at a time, at most six enterprises, only enterprises certified on the platform.
 */
export async function applyToLink(deps: AppDeps, account: AccountContext, input: Input<'addEnterpriseUser'>) {
  const links = await deps.db
    .select({ enterpriseUuid: enterpriseUsers.enterpriseUuid, status: enterpriseUsers.examineStatus })
    .from(enterpriseUsers)
    .where(
      and(
        eq(enterpriseUsers.userId, account.userId),
        inArray(enterpriseUsers.examineStatus, VISIBLE_LINK_STATES),
      ),
    );
  if (links.some((l) => l.status !== EXAMINE_STATUS.approved)) throw new AppError('LINK_OPEN_APPLICATION');
  if (links.length >= LIMITS.enterprisesPerAccount) {
    throw new AppError('LINK_LIMIT_REACHED', { max: LIMITS.enterprisesPerAccount });
  }
  const [target] = await deps.db
    .select({ uuid: enterprises.uuid, name: enterprises.name })
    .from(enterprises)
    .where(and(eq(enterprises.usci, input.uniformSocialCreditCode), isNotNull(enterprises.did)))
    .limit(1);
  if (!target) throw new AppError('LINK_ENTERPRISE_UNKNOWN');
  if (links.some((l) => l.enterpriseUuid === target.uuid)) throw new AppError('LINK_ALREADY_LINKED');

  const [row] = await deps.db
    .insert(enterpriseUsers)
    .values({
      enterpriseUuid: target.uuid,
      userId: account.userId,
      examineStatus: EXAMINE_STATUS.pending,
      examineName: input.examineName,
      remark: input.remark || null,
    })
    .returning({ id: enterpriseUsers.id });
  if (!row) throw new AppError('INTERNAL');

  // Tell the enterprise's administrators that an application waits for their audit.
  const [applicant] = await deps.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, account.userId));
  const admins = await deps.db
    .select({ email: users.email })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(
      and(
        eq(enterpriseUsers.enterpriseUuid, target.uuid),
        eq(enterpriseUsers.isAdmin, true),
        eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
      ),
    );
  for (const admin of admins) {
    await deps.mailer.send(deps.db, {
      to: admin.email,
      subject: 'Tracehub 关联企业申请 / link application',
      body:
        `账号 ${applicant?.username ?? ''} 申请关联企业 ${target.name}，请在「成员审核」中处理。\n` +
        `Account ${applicant?.username ?? ''} applied to join ${target.name}; please review it under Member audit.`,
    });
  }
  await notify(
    deps.db,
    {
      enterpriseUuid: target.uuid,
      recipients: 'administrators',
      type: 'linkApplication',
      params: { username: applicant?.username ?? '', examineName: input.examineName },
      link: '/account/audit',
    },
    deps.mailer,
  );
  return { id: row.id };
}

/** Largest value of the integer id column; a larger id names no row (and must not reach the database). */
const MAX_LINK_ID = 2_147_483_647;

/** Moves one of the account's own applications from `from` to `to`; anything else is refused. */
async function moveOwnApplication(
  deps: AppDeps,
  account: AccountContext,
  id: number,
  from: number,
  to: number,
) {
  if (id < 1 || id > MAX_LINK_ID) throw new AppError('NOT_FOUND');
  const [row] = await deps.db
    .select({ status: enterpriseUsers.examineStatus })
    .from(enterpriseUsers)
    .where(and(eq(enterpriseUsers.id, id), eq(enterpriseUsers.userId, account.userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== from) throw new AppError('LINK_STATE_INVALID');
  const moved = await deps.db
    .update(enterpriseUsers)
    .set({ examineStatus: to, gmtModified: new Date() })
    .where(
      and(
        eq(enterpriseUsers.id, id),
        eq(enterpriseUsers.userId, account.userId),
        eq(enterpriseUsers.examineStatus, from),
      ),
    )
    .returning({ id: enterpriseUsers.id });
  if (moved.length === 0) throw new AppError('LINK_STATE_INVALID');
  return null;
}

export const cancelApplication = (deps: AppDeps, account: AccountContext, id: number) =>
  moveOwnApplication(deps, account, id, EXAMINE_STATUS.pending, LINK_CANCELLED);

export const deleteRejectedApplication = (deps: AppDeps, account: AccountContext, id: number) =>
  moveOwnApplication(deps, account, id, EXAMINE_STATUS.rejected, LINK_DELETED);
