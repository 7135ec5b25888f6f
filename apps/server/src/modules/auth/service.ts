import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { api } from '@tracehub/contract';
import {
  EXAMINE_STATUS,
  LIMITS,
  type TParsed,
  type TLoginStep,
  type TSessionToken,
} from '@tracehub/contract';
import { enterpriseUsers, enterprises, users, verifyKeys } from '../../db/schema.ts';
import { writeAccountLog } from '../../platform/account-log.ts';
import type { AppDeps, RequestMeta, SessionContext } from '../../platform/context.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import {
  VERIFY_KEY_TTL_SECONDS,
  createSession,
  createVerifyKey,
  resolveSession,
  resolveVerifyKey,
  revokeSession,
  revokeSessionsOf,
} from '../../platform/session.ts';
import { listLinkedEnterprises } from '../examine/public.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { consumeMailCode, issueMailCode } from './mail-code.ts';
import { admitAttempt, settleAttempt } from './throttle.ts';

export { consumeMailCode };

type Input<K extends keyof typeof api.auth> = TParsed<(typeof api.auth)[K]>;

async function findAccount(deps: AppDeps, loginAccount: string) {
  const key = loginAccount.trim().toLowerCase();
  const [user] = await deps.db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${key}`, eq(users.email, key)))
    .limit(1);
  return user ?? null;
}

/**
 * What the first sign-in step answers. An account holding a one-time password gets a key that can only set
 * a new password (resolveVerifyKey refuses it elsewhere) and learns nothing of its enterprises yet.
 */
async function loginStep(
  deps: AppDeps,
  user: { id: number; mustChangePassword: boolean },
  loginAccount: string,
): Promise<TLoginStep> {
  const [verifyKey, enterprisesOfUser] = await Promise.all([
    createVerifyKey(deps.db, user.id),
    user.mustChangePassword ? [] : listLinkedEnterprises(deps.db, user.id),
  ]);
  return {
    loginAccount,
    verifyKey,
    verifyKeyTtl: VERIFY_KEY_TTL_SECONDS,
    enterprises: enterprisesOfUser,
    mustChangePassword: user.mustChangePassword,
  };
}

/** Enterprise accounts sign in to the console, operator accounts to the operator end; never across. */
export type TSignInEnd = 'enterprise' | 'operator';
const belongsTo = (user: { isOperator: boolean }, end: TSignInEnd) =>
  user.isOperator === (end === 'operator');

/**
 * The password step of both sign-in ends: throttled per account and address, password verified. An
 * account of the other end is refused exactly like a wrong password, so neither form tells which
 * accounts exist on the other.
 */
export async function verifyPasswordSignIn(
  deps: AppDeps,
  loginAccount: string,
  password: string,
  end: TSignInEnd,
  meta: RequestMeta,
): Promise<typeof users.$inferSelect> {
  const typed = loginAccount.trim().toLowerCase();
  const user = await findAccount(deps, typed);
  // Failures count against the account whichever identifier was typed (its e-mail, as mail-code sign-in
  // records them); an unknown name counts as typed.
  const accountKey = user?.email ?? typed;
  // Throttled per account and client (throttle.ts); the admitted try counts as a failure until it
  // succeeds, so guesses sent in parallel see each other.
  const attemptId = await admitAttempt(deps.db, accountKey, meta.ip, 'password');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  const accepted = ok && user !== null && belongsTo(user, end);
  await settleAttempt(deps.db, attemptId, accepted);
  if (!user || !accepted) {
    if (user) {
      await writeAccountLog(deps.db, meta, {
        userId: user.id,
        enterpriseUuid: user.lastEnterpriseUuid,
        action: 'loginFailed',
        result: 'failure',
        detail: { reason: ok ? 'otherEnd' : 'password', end },
      });
    }
    throw new AppError('LOGIN_FAILED');
  }
  if (user.status !== 'enabled') throw new AppError('ACCOUNT_DISABLED');
  return user;
}

export async function loginByPassword(
  deps: AppDeps,
  input: Input<'loginByPwd'>,
  meta: RequestMeta,
): Promise<TLoginStep> {
  const user = await verifyPasswordSignIn(deps, input.loginAccount, input.password, 'enterprise', meta);
  return loginStep(deps, user, input.loginAccount.trim());
}

/** What an account's address gets instead of a registration code. */
function registerNotice(email: string): MailMessage {
  return {
    to: email,
    subject: 'Tracehub 注册提醒 / registration notice',
    body:
      '有人使用此邮箱申请注册 Tracehub 账号，但该邮箱已有账号。如是您本人，请直接登录（也可使用邮箱验证码登录）；' +
      '如非本人操作，请忽略本邮件。\n' +
      'Someone asked to register a Tracehub account with this e-mail address, which already has an account. ' +
      'If it was you, sign in instead (an e-mailed code works too); otherwise you can ignore this mail.',
  };
}

export async function sendMailCode(
  deps: AppDeps,
  input: Input<'getLoginMailVerifyCode'>,
  meta: RequestMeta,
): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  // Known and unknown addresses are answered alike, after the same work and limits: a sign-in code only
  // goes to an account's address, a registration code only to a free one (an account's address is told
  // instead that someone tried to register it). The code is recorded in every case.
  const instead =
    input.purpose === 'login' ? (existing ? undefined : null) : existing ? registerNotice(email) : undefined;
  const sent = await issueMailCode(deps.db, deps.mailer, email, input.purpose, {
    ip: meta.ip,
    instead,
    statusDb: deps.db,
  });
  await writeAccountLog(deps.db, meta, {
    userId: existing?.id ?? null,
    enterpriseUuid: null,
    action: 'mailCode',
    result: 'success',
    detail: { purpose: input.purpose },
  });
  return sent;
}

export async function loginByMailCode(
  deps: AppDeps,
  input: Input<'verifyLoginMailCode'>,
  meta: RequestMeta,
): Promise<TLoginStep> {
  const email = input.email.trim().toLowerCase();
  // Only this client's own failures across accounts can hold it back here (the code limits its own
  // guesses): password failures on the account, from anywhere, never block the e-mailed code.
  const attemptId = await admitAttempt(deps.db, email, meta.ip, 'code');
  await consumeMailCode(deps.db, email, 'login', input.code);
  const user = await findAccount(deps, email);
  // Codes recorded for an address without an account are never sent: answered like a wrong code.
  if (!user) throw new AppError('VERIFY_CODE_INVALID');
  // Operators sign in at the operator end, with their password.
  if (!belongsTo(user, 'enterprise')) throw new AppError('LOGIN_FAILED');
  if (user.status !== 'enabled') throw new AppError('ACCOUNT_DISABLED');
  await settleAttempt(deps.db, attemptId, true);
  return loginStep(deps, user, email);
}

/**
 * Second sign-in step (isLogined false, with the verifyKey) or an enterprise switch (isLogined true, with
 * the session). Either way the account must be the one named, and the enterprise link approved.
 */
export async function selectEnterprise(
  deps: AppDeps,
  input: Input<'selectEnterprise'>,
  bearer: string | null,
  meta: RequestMeta,
): Promise<TSessionToken> {
  const account = await findAccount(deps, input.loginAccount);
  let previous: SessionContext | null = null;
  let verifyKeyId: number | null = null;
  if (input.isLogined) {
    previous = bearer ? await resolveSession(deps.db, bearer) : null;
    if (!previous) throw new AppError('NOT_LOGGED_IN');
    if (previous.kind !== 'enterprise') throw new AppError('FORBIDDEN');
    if (!account || account.id !== previous.userId) throw new AppError('VERIFY_KEY_INVALID');
  } else {
    const key = input.verifyKey ? await resolveVerifyKey(deps.db, input.verifyKey) : null;
    if (!key || !account || key.userId !== account.id) throw new AppError('VERIFY_KEY_INVALID');
    verifyKeyId = key.id;
  }
  if (!belongsTo(account, 'enterprise')) throw new AppError('LOGIN_FAILED');
  if (account.status !== 'enabled') throw new AppError('ACCOUNT_DISABLED');
  if (account.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');

  const enterpriseUuid = input.enterpriseUuid || null;
  if (enterpriseUuid) {
    const [link] = await deps.db
      .select({ status: enterprises.status, memberStatus: enterpriseUsers.status })
      .from(enterpriseUsers)
      .innerJoin(enterprises, eq(enterprises.uuid, enterpriseUsers.enterpriseUuid))
      .where(
        and(
          eq(enterpriseUsers.userId, account.id),
          eq(enterpriseUsers.enterpriseUuid, enterpriseUuid),
          eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
        ),
      )
      .limit(1);
    if (!link) throw new AppError('ENTERPRISE_NOT_LINKED');
    if (link.status !== 'enabled') throw new AppError('COMPANY_DISABLED');
    if (link.memberStatus !== 'enabled') throw new AppError('ACCOUNT_DISABLED');
  }

  const token = await deps.db.transaction(async (tx) => {
    if (verifyKeyId !== null) {
      const used = await tx
        .update(verifyKeys)
        .set({ consumedAt: new Date() })
        .where(and(eq(verifyKeys.id, verifyKeyId), isNull(verifyKeys.consumedAt)))
        .returning({ id: verifyKeys.id });
      // Two tabs racing with one key: only the first gets a session.
      if (used.length === 0) throw new AppError('VERIFY_KEY_INVALID');
    }
    if (previous) await revokeSession(tx, previous.sessionId, 'switched');
    const now = new Date();
    await tx
      .update(users)
      .set({
        lastEnterpriseUuid: enterpriseUuid ?? account.lastEnterpriseUuid,
        ...(previous ? {} : { lastLoginAt: now }),
      })
      .where(eq(users.id, account.id));
    if (enterpriseUuid) {
      await tx
        .update(enterpriseUsers)
        .set({ lastLoginAt: now })
        .where(
          and(eq(enterpriseUsers.userId, account.id), eq(enterpriseUsers.enterpriseUuid, enterpriseUuid)),
        );
    }
    const t = await createSession(tx, {
      userId: account.id,
      enterpriseUuid,
      kind: 'enterprise',
      timeoutMin: account.sessionTimeoutMin,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await writeAccountLog(tx, meta, {
      userId: account.id,
      enterpriseUuid,
      action: previous ? 'switchEnterprise' : 'login',
      result: 'success',
      detail: previous ? { from: previous.enterpriseUuid } : {},
    });
    return t;
  });
  return { token, enterpriseUuid, expiresInMinutes: account.sessionTimeoutMin };
}

/**
 * The change-password step of a sign-in with a one-time password: the step's verifyKey (good for nothing
 * else) sets the account's own password, is used up, and sign-in goes on with a fresh, normal step.
 */
export async function changePasswordAtSignIn(
  deps: AppDeps,
  input: Input<'changePassword'>,
): Promise<TLoginStep> {
  const account = await findAccount(deps, input.loginAccount);
  const key = await resolveVerifyKey(deps.db, input.verifyKey, { forPasswordChange: true });
  if (!key || !account || key.userId !== account.id) throw new AppError('VERIFY_KEY_INVALID');
  if (!belongsTo(account, 'enterprise')) throw new AppError('LOGIN_FAILED');
  if (account.status !== 'enabled') throw new AppError('ACCOUNT_DISABLED');
  // Accounts with a password of their own change it in the user centre, proving the current one.
  if (!account.mustChangePassword) throw new AppError('FORBIDDEN');
  if (await verifyPassword(account.passwordHash, input.password)) throw new AppError('PASSWORD_NOT_NEW');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(verifyKeys)
      .set({ consumedAt: new Date() })
      .where(and(eq(verifyKeys.id, key.id), isNull(verifyKeys.consumedAt)))
      .returning({ id: verifyKeys.id });
    if (used.length === 0) throw new AppError('VERIFY_KEY_INVALID');
    // Only while the one-time password still stands: a reset in between issued a newer one.
    const changed = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(
        and(
          eq(users.id, account.id),
          eq(users.passwordHash, account.passwordHash),
          eq(users.mustChangePassword, true),
        ),
      )
      .returning({ id: users.id });
    if (changed.length === 0) throw new AppError('VERIFY_KEY_INVALID');
    await revokeSessionsOf(tx, account.id, 'password-changed');
  });
  return loginStep(deps, { id: account.id, mustChangePassword: false }, input.loginAccount.trim());
}

export async function logout(deps: AppDeps, session: SessionContext, meta: RequestMeta): Promise<null> {
  await revokeSession(deps.db, session.sessionId, 'logout');
  await writeAccountLog(deps.db, meta, {
    userId: session.userId,
    enterpriseUuid: session.enterpriseUuid,
    action: 'logout',
    result: 'success',
  });
  return null;
}

export async function register(
  deps: AppDeps,
  input: Input<'register'>,
  meta: RequestMeta,
): Promise<{ userId: number }> {
  const email = input.email.trim().toLowerCase();
  const [byName] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
    .limit(1);
  if (byName) throw new AppError('USERNAME_EXISTS');
  const passwordHash = await hashPassword(input.password);
  // Outside the transaction: a wrong code's counted try must not be rolled back with it. The code comes
  // before the address check: an account's address never got a code, so only its owner (who had one
  // before the address was taken) learns that it is taken.
  await consumeMailCode(deps.db, email, 'register', input.code);
  const [byEmail] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (byEmail) throw new AppError('EMAIL_EXISTS');
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email,
          passwordHash,
          sessionTimeoutMin: LIMITS.sessionTimeoutDefaultMin,
        })
        .returning({ id: users.id });
      if (!user) throw new AppError('INTERNAL');
      await writeAccountLog(tx, meta, {
        userId: user.id,
        enterpriseUuid: null,
        action: 'register',
        result: 'success',
      });
      return { userId: user.id };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A concurrent registration won the unique index.
    const msg =
      String((err as { message?: string }).message ?? '') + String((err as { cause?: unknown }).cause ?? '');
    if (msg.includes('users_username_lower_uq')) throw new AppError('USERNAME_EXISTS');
    if (msg.includes('users_email_uq')) throw new AppError('EMAIL_EXISTS');
    throw err;
  }
}
