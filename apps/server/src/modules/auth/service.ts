import { and, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { api } from '@tracehub/contract';
import {
  EXAMINE_STATUS,
  LIMITS,
  type TParsed,
  type TLoginStep,
  type TSessionToken,
} from '@tracehub/contract';
import { isDev } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, enterprises, loginAttempts, users, verifyKeys } from '../../db/schema.ts';
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
} from '../../platform/session.ts';
import { listLinkedEnterprises } from '../examine/repo.ts';
import { consumeMailCode, issueMailCode } from './mail-code.ts';

export { consumeMailCode };

/** Sign-in throttling: failures counted over a window, per account and per address. */
export const THROTTLE = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

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
 * Refuses further password tries once the account or address failed too often (LOGIN_LOCKED).
 * `ownAttempt`: the caller's own attempt row, already recorded, which is not counted.
 */
export async function assertNotThrottled(
  db: Db,
  accountKey: string,
  ip: string,
  ownAttempt?: number,
): Promise<void> {
  const since = new Date(Date.now() - THROTTLE.windowMinutes * 60_000);
  const failures = (where: ReturnType<typeof eq>) =>
    db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          where,
          eq(loginAttempts.success, false),
          gt(loginAttempts.createdAt, since),
          ownAttempt === undefined ? undefined : ne(loginAttempts.id, ownAttempt),
        ),
      );
  const [[byAccount], [byIp]] = await Promise.all([
    failures(eq(loginAttempts.accountKey, accountKey)),
    failures(eq(loginAttempts.ip, ip)),
  ]);
  if ((byAccount?.n ?? 0) >= THROTTLE.perAccount || (byIp?.n ?? 0) >= THROTTLE.perIp) {
    throw new AppError('LOGIN_LOCKED', { minutes: THROTTLE.windowMinutes });
  }
}

async function loginStep(deps: AppDeps, userId: number, loginAccount: string): Promise<TLoginStep> {
  const [verifyKey, enterprisesOfUser] = await Promise.all([
    createVerifyKey(deps.db, userId),
    listLinkedEnterprises(deps.db, userId),
  ]);
  return { loginAccount, verifyKey, verifyKeyTtl: VERIFY_KEY_TTL_SECONDS, enterprises: enterprisesOfUser };
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
  // The attempt is recorded as a failure before the count, so guesses sent in parallel see each other;
  // a refused attempt is not kept, a successful one is marked afterwards.
  const [attempt] = await deps.db
    .insert(loginAttempts)
    .values({ accountKey, ip: meta.ip, success: false })
    .returning({ id: loginAttempts.id });
  const attemptId = attempt!.id;
  try {
    await assertNotThrottled(deps.db, accountKey, meta.ip, attemptId);
  } catch (err) {
    await deps.db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
    throw err;
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  const accepted = ok && user !== null && belongsTo(user, end);
  if (accepted) {
    await deps.db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
  }
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
  return loginStep(deps, user.id, input.loginAccount.trim());
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
  if (input.purpose === 'login' && !existing) throw new AppError('EMAIL_NOT_REGISTERED');
  if (input.purpose === 'register' && existing) throw new AppError('EMAIL_EXISTS');

  const sent = await issueMailCode(deps.db, deps.mailer, email, input.purpose);
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
  await assertNotThrottled(deps.db, email, meta.ip);
  try {
    await consumeMailCode(deps.db, email, 'login', input.code);
  } catch (err) {
    await deps.db.insert(loginAttempts).values({ accountKey: email, ip: meta.ip, success: false });
    throw err;
  }
  const user = await findAccount(deps, email);
  if (!user) throw new AppError('EMAIL_NOT_REGISTERED');
  // Operators sign in at the operator end, with their password.
  if (!belongsTo(user, 'enterprise')) throw new AppError('LOGIN_FAILED');
  if (user.status !== 'enabled') throw new AppError('ACCOUNT_DISABLED');
  await deps.db.insert(loginAttempts).values({ accountKey: email, ip: meta.ip, success: true });
  return loginStep(deps, user.id, email);
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
  const [byEmail] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (byEmail) throw new AppError('EMAIL_EXISTS');
  const passwordHash = await hashPassword(input.password);
  // Outside the transaction: a wrong code's counted try must not be rolled back with it.
  await consumeMailCode(deps.db, email, 'register', input.code);
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

/** The newest code sent to an address, for demos and tests without a mail server (never in production). */
export function devCodesEnabled(deps: AppDeps): boolean {
  return isDev(deps.config);
}
