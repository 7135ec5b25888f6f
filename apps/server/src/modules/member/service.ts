import { and, eq, sql } from 'drizzle-orm';
import type { api } from '@tracehub/contract';
import {
  EXAMINE_STATUS,
  LIMITS,
  type TMember,
  type TMemberCreated,
  type TOneTimePassword,
  type TParsed,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, enterprises, userRoles, users } from '../../db/schema.ts';
import type { AppDeps, SessionContext, TenantContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { violatedUnique } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';
import { isRowId } from '../../platform/ids.ts';
import { MEMBER_DISABLED_REASON, revokeSessionsOf } from '../../platform/session.ts';
import type { Mailer } from '../../platform/mail.ts';
import { notify } from '../message/notify.ts';
import { newOneTimePassword } from './one-time-password.ts';
import {
  adminRoleId,
  approvedLinkCount,
  assignableRoleIds,
  findMember,
  isMemberOf,
  memberColumns,
  replaceMemberRoles,
  rolesOfMembers,
  toMember,
  type MemberRow,
} from './repo.ts';

type Input<K extends keyof typeof api.member> = TParsed<(typeof api.member)[K]>;

/** Both names of the enterprise, for the mails its administration sends. */
export async function enterpriseLabel(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
): Promise<string> {
  const [row] = await db
    .select({ name: enterprises.name, englishName: enterprises.englishName })
    .from(enterprises)
    .where(eq(enterprises.uuid, tenant.enterpriseUuid));
  return row?.englishName ? `${row.name} (${row.englishName})` : (row?.name ?? '');
}

async function withRoles(db: Db, tenant: TenantContext, row: MemberRow): Promise<TMember> {
  const byUser = await rolesOfMembers(db, tenant, [row.userId]);
  return toMember(row, byUser.get(row.userId) ?? []);
}

async function mustFindMember(db: Db, tenant: TenantContext, id: number): Promise<MemberRow> {
  const row = await findMember(db, tenant, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function mustAssign(db: Db, tenant: TenantContext, roleIds: number[]): Promise<number[]> {
  const ids = await assignableRoleIds(db, tenant, roleIds);
  if (!ids) throw new AppError('ROLE_NOT_ASSIGNABLE');
  return ids;
}

export async function pageMembers(db: Db, tenant: TenantContext, req: Input<'page'>) {
  const holdsRole =
    req.roleId === undefined
      ? undefined
      : isRowId(req.roleId)
        ? sql`exists (select 1 from ${userRoles} where ${userRoles.enterpriseUuid} = ${enterpriseUsers.enterpriseUuid} and ${userRoles.userId} = ${enterpriseUsers.userId} and ${userRoles.roleId} = ${req.roleId})`
        : sql`false`;
  const { list, total } = await runListQuery(db, {
    table: enterpriseUsers,
    joins: [{ table: users, on: eq(users.id, enterpriseUsers.userId) }],
    select: memberColumns,
    tenantColumn: enterpriseUsers.enterpriseUuid,
    tenant,
    where: [
      eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
      filters.contains(users.username, req.username),
      filters.contains(users.email, req.email),
      filters.eq(enterpriseUsers.status, req.status),
      holdsRole,
    ],
    sortable: {
      username: users.username,
      email: users.email,
      joinedAt: enterpriseUsers.gmtModified,
      lastLoginAt: enterpriseUsers.lastLoginAt,
    },
    defaultSort: { column: enterpriseUsers.id, order: 'asc' },
    tieBreak: enterpriseUsers.id,
    page: req,
  });
  const byUser = await rolesOfMembers(
    db,
    tenant,
    list.map((m) => m.userId),
  );
  return { list: list.map((m) => toMember(m, byUser.get(m.userId) ?? [])), total };
}

export async function memberDetail(db: Db, tenant: TenantContext, id: number): Promise<TMember> {
  return withRoles(db, tenant, await mustFindMember(db, tenant, id));
}

/**
 * Creates an account with a random one-time password and links it to the enterprise. The password is
 * answered once, to the administrator who passes it on; it is stored only hashed and never mailed (the
 * mail names the account only). The member's first sign-in with it can do nothing but set its own.
 */
export async function addMember(
  deps: AppDeps,
  db: Db,
  tenant: TenantContext,
  input: Input<'add'>,
): Promise<TMemberCreated> {
  const email = input.email.trim().toLowerCase();
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
    .limit(1);
  if (byName) throw new AppError('USERNAME_EXISTS');
  const [byEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (byEmail) throw new AppError('EMAIL_EXISTS');
  const roleIds = await mustAssign(db, tenant, input.roleIds);
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);

  let linkId: number;
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: input.username,
        email,
        passwordHash,
        mustChangePassword: true,
        chineseName: input.chineseName || null,
        englishName: input.englishName || null,
        sessionTimeoutMin: LIMITS.sessionTimeoutDefaultMin,
      })
      .returning({ id: users.id });
    const now = new Date();
    const [link] = await db
      .insert(enterpriseUsers)
      .values({
        enterpriseUuid: tenant.enterpriseUuid,
        userId: user!.id,
        examineStatus: EXAMINE_STATUS.approved,
        auditedBy: tenant.userId,
        auditedAt: now,
        gmtModified: now,
      })
      .returning({ id: enterpriseUsers.id });
    linkId = link!.id;
    await replaceMemberRoles(db, tenant, user!.id, roleIds);
  } catch (err) {
    // A concurrent registration or creation won the unique index.
    const index = violatedUnique(err);
    if (index === 'users_username_lower_uq') throw new AppError('USERNAME_EXISTS');
    if (index === 'users_email_uq') throw new AppError('EMAIL_EXISTS');
    throw err;
  }

  const enterprise = await enterpriseLabel(db, tenant);
  await deps.mailer.send(db, {
    to: email,
    subject: 'Tracehub 账号已开通 / your account',
    body:
      `${enterprise} 的管理员为您开通了 Tracehub 账号，用户名：${input.username}。` +
      `请使用管理员告知的一次性密码登录（或在登录页通过邮箱验证码登录），首次登录时需设置您自己的密码。\n` +
      `An administrator of ${enterprise} created a Tracehub account for you, user name: ${input.username}. ` +
      `Sign in with the one-time password your administrator gives you (or with a code sent to this ` +
      `address); the first sign-in asks you to set a password of your own.`,
  });
  return { ...(await memberDetail(db, tenant, linkId)), oneTimePassword };
}

/** Names and roles of a member; the administrator's role is fixed (it moves only by a transfer). */
export async function updateMember(db: Db, tenant: TenantContext, input: Input<'update'>): Promise<TMember> {
  const member = await mustFindMember(db, tenant, input.id);
  if (member.isAdmin) throw new AppError('ADMIN_PROTECTED');
  const roleIds = await mustAssign(db, tenant, input.roleIds);
  await db
    .update(users)
    .set({
      chineseName: input.chineseName || null,
      englishName: input.englishName || null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, member.userId));
  await replaceMemberRoles(db, tenant, member.userId, roleIds);
  return memberDetail(db, tenant, member.id);
}

/** Neither the administrator nor the caller itself can be disabled, reset or otherwise locked out. */
function assertNotProtected(member: MemberRow, tenant: TenantContext): void {
  if (member.isAdmin || member.userId === tenant.userId) throw new AppError('ADMIN_PROTECTED');
}

/** Disabling ends the member's sessions in this enterprise; its next request is told it is disabled. */
export async function updateMemberStatus(
  db: Db,
  tenant: TenantContext,
  input: Input<'updateStatus'>,
  mailer?: Mailer,
): Promise<TMember> {
  const member = await mustFindMember(db, tenant, input.id);
  assertNotProtected(member, tenant);
  await db.update(enterpriseUsers).set({ status: input.status }).where(eq(enterpriseUsers.id, member.id));
  if (input.status === 'disabled' && member.status !== 'disabled') {
    const params = { username: member.username };
    const message = {
      type: 'memberDisabled',
      params,
      link: '/account/member',
      mailOnly: [member.userId],
    } as const;
    await notify(
      db,
      { ...message, enterpriseUuid: tenant.enterpriseUuid, recipients: 'administrators' },
      mailer,
    );
  }
  if (input.status === 'disabled') {
    await revokeSessionsOf(db, member.userId, MEMBER_DISABLED_REASON, {
      enterpriseUuid: tenant.enterpriseUuid,
    });
  }
  return memberDetail(db, tenant, member.id);
}

/**
 * Resets the password to a new random one-time password (answered once to the administrator, never
 * mailed) and ends every session of the account. The password is the account's across enterprises, so an
 * account linked to another enterprise is refused: otherwise one enterprise's administrator could sign in
 * to the other with the password it was shown.
 */
export async function resetMemberPassword(
  deps: AppDeps,
  db: Db,
  tenant: TenantContext,
  id: number,
): Promise<TOneTimePassword> {
  const member = await mustFindMember(db, tenant, id);
  assertNotProtected(member, tenant);
  if ((await approvedLinkCount(db, member.userId)) > 1) throw new AppError('MEMBER_SHARED_ACCOUNT');
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: true, updatedAt: new Date() })
    .where(eq(users.id, member.userId));
  await revokeSessionsOf(db, member.userId, 'password-reset');
  const enterprise = await enterpriseLabel(db, tenant);
  await deps.mailer.send(db, {
    to: member.email,
    subject: 'Tracehub 密码已重置 / password reset',
    body:
      `${enterprise} 的管理员重置了您的账号 ${member.username} 的密码。请使用管理员告知的一次性密码登录` +
      `（或在登录页通过邮箱验证码登录），登录时需设置新密码。如非您本人申请，请联系企业管理员。\n` +
      `An administrator of ${enterprise} reset the password of your account ${member.username}. Sign in with ` +
      `the one-time password your administrator gives you (or with a code sent to this address); signing ` +
      `in asks you to set a new password. If you did not ask for this, contact your enterprise administrator.`,
  });
  return { oneTimePassword };
}

/**
 * Hands the enterprise administrator over to another enabled member: the link flag and the
 * administrator role move together. The former administrator keeps its other roles, if any.
 */
export async function transferAdmin(
  deps: AppDeps,
  db: Db,
  tenant: TenantContext,
  session: SessionContext,
  id: number,
): Promise<null> {
  if (!session.isEnterpriseAdmin) throw new AppError('FORBIDDEN');
  const target = await mustFindMember(db, tenant, id);
  if (target.userId === tenant.userId || target.status !== 'enabled' || target.accountStatus !== 'enabled') {
    throw new AppError('ADMIN_TRANSFER_TARGET');
  }
  const roleId = await adminRoleId(db, tenant);
  if (roleId === null) throw new AppError('INTERNAL');
  // Only the current holder can give it away; a concurrent transfer leaves nothing to take here.
  const released = await db
    .update(enterpriseUsers)
    .set({ isAdmin: false })
    .where(
      and(isMemberOf(tenant), eq(enterpriseUsers.userId, tenant.userId), eq(enterpriseUsers.isAdmin, true)),
    )
    .returning({ id: enterpriseUsers.id });
  if (released.length === 0) throw new AppError('FORBIDDEN');
  await db.update(enterpriseUsers).set({ isAdmin: true }).where(eq(enterpriseUsers.id, target.id));
  await db
    .delete(userRoles)
    .where(
      and(
        eq(userRoles.enterpriseUuid, tenant.enterpriseUuid),
        eq(userRoles.userId, tenant.userId),
        eq(userRoles.roleId, roleId),
      ),
    );
  await db
    .insert(userRoles)
    .values({ enterpriseUuid: tenant.enterpriseUuid, userId: target.userId, roleId })
    .onConflictDoNothing();

  const [former] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, tenant.userId));
  await notify(
    db,
    {
      enterpriseUuid: tenant.enterpriseUuid,
      recipients: [tenant.userId, target.userId],
      type: 'adminTransferred',
      params: { from: former?.username ?? '', to: target.username },
      link: '/account/member',
    },
    deps.mailer,
  );
  const enterprise = await enterpriseLabel(db, tenant);
  await deps.mailer.send(db, {
    to: target.email,
    subject: 'Tracehub 企业管理员转让 / administrator transfer',
    body:
      `${former?.username ?? ''} 已将 ${enterprise} 的企业管理员转让给您的账号 ${target.username}。\n` +
      `${former?.username ?? ''} transferred the administrator of ${enterprise} to your account ${target.username}.`,
  });
  if (former) {
    await deps.mailer.send(db, {
      to: former.email,
      subject: 'Tracehub 企业管理员转让 / administrator transfer',
      body:
        `您已将 ${enterprise} 的企业管理员转让给 ${target.username}。\n` +
        `You transferred the administrator of ${enterprise} to ${target.username}.`,
    });
  }
  return null;
}
