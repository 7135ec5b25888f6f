import type { api } from '@tracehub/contract';
import { LIMITS, type TParsed, type TUserInfo } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { AppDeps, RequestMeta, SessionContext } from '../../platform/context.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { violatedUnique } from '../../platform/db-errors.ts';
import { AppError, KeepWritesError, fieldInvalid } from '../../platform/errors.ts';
import { revokeSessionsOf } from '../../platform/session.ts';
import { changeMailPurpose, issueMailCode, verifyMailCode } from '../auth/mail-code.ts';
import { assertNotThrottled } from '../auth/throttle.ts';
import { userInfo } from '../user/service.ts';
import {
  emailTaken,
  lockAccount,
  ownUpload,
  recordPasswordFailure,
  rename,
  renamesWithinYear,
  restartSession,
  updateAccount,
  usernameTaken,
} from './repo.ts';

type Input<K extends keyof typeof api.profile> = TParsed<(typeof api.profile)[K]>;

/** The user centre's personal settings (/userCenter/perbasic): each returns fresh user info. */

async function mustLockAccount(db: Db, session: SessionContext) {
  const user = await lockAccount(db, session.userId);
  if (!user) throw new AppError('SESSION_REVOKED');
  return user;
}

/** A new user name, unique regardless of case, at most twice within any 365 days. */
export async function updateUsername(
  db: Db,
  session: SessionContext,
  input: Input<'updateUsername'>,
): Promise<TUserInfo> {
  const user = await mustLockAccount(db, session);
  if (input.username === user.username) return userInfo(db, session);
  if (await usernameTaken(db, input.username, user.id)) throw new AppError('USERNAME_EXISTS');
  if ((await renamesWithinYear(db, user.id)) >= LIMITS.usernameEditsPerYear) {
    throw new AppError('USERNAME_EDIT_LIMIT');
  }
  try {
    await rename(db, user.id, user.username, input.username);
  } catch (err) {
    if (violatedUnique(err) === 'users_username_lower_uq') throw new AppError('USERNAME_EXISTS');
    throw err;
  }
  return userInfo(db, session);
}

export async function updateNames(
  db: Db,
  session: SessionContext,
  input: Input<'updateNames'>,
): Promise<TUserInfo> {
  await updateAccount(db, session.userId, {
    chineseName: input.chineseName || null,
    englishName: input.englishName || null,
    introduction: input.introduction || null,
  });
  return userInfo(db, session);
}

/** A code to the new address, bound to it and to this account; an address in use is refused first. */
export async function sendChangeMailCode(
  deps: AppDeps,
  db: Db,
  session: SessionContext,
  email: string,
  meta: RequestMeta,
) {
  const address = email.trim().toLowerCase();
  if (await emailTaken(db, address)) throw new AppError('EMAIL_EXISTS');
  // Code mails are limited per requesting client too, like those of the sign-in page.
  return issueMailCode(db, deps.mailer, address, changeMailPurpose(session.userId), { ip: meta.ip });
}

/** Counts as a try of the code (so it cannot be guessed here without limit) but leaves it usable. */
export async function checkChangeMailCode(
  db: Db,
  session: SessionContext,
  input: Input<'checkEmailVerificationCode'>,
) {
  const address = input.email.trim().toLowerCase();
  return { valid: await verifyMailCode(db, address, changeMailPurpose(session.userId), input.code, 'check') };
}

/** Moves the account to the new address; the old one is told, in case it was not its owner's doing. */
export async function changeMail(
  deps: AppDeps,
  db: Db,
  session: SessionContext,
  input: Input<'changeMail'>,
): Promise<TUserInfo> {
  const address = input.email.trim().toLowerCase();
  const user = await mustLockAccount(db, session);
  if (await emailTaken(db, address)) throw new AppError('EMAIL_EXISTS');
  if (!(await verifyMailCode(db, address, changeMailPurpose(user.id), input.code, 'consume'))) {
    // The counted try must stay counted although the request fails.
    throw new KeepWritesError('VERIFY_CODE_INVALID');
  }
  try {
    await updateAccount(db, user.id, { email: address });
  } catch (err) {
    if (violatedUnique(err) === 'users_email_uq') throw new AppError('EMAIL_EXISTS');
    throw err;
  }
  await deps.mailer.send(db, {
    to: user.email,
    subject: 'Tracehub 邮箱已修改 / e-mail address changed',
    body:
      `您的账号 ${user.username} 的邮箱已改为 ${address}。如非本人操作，请联系企业管理员。\n` +
      `The e-mail address of your account ${user.username} was changed to ${address}. ` +
      `If you did not do this, please contact your enterprise administrator.`,
  });
  return userInfo(db, session);
}

/**
 * A new password after the current one is proven. Wrong tries count like failed sign-ins of the account
 * (a stolen session cannot guess the password without limit); the account's other sessions end.
 */
export async function updatePassword(
  db: Db,
  session: SessionContext,
  input: Input<'updatePassword'>,
  meta: RequestMeta,
): Promise<null> {
  const user = await mustLockAccount(db, session);
  await assertNotThrottled(db, user.email, meta.ip);
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    await recordPasswordFailure(db, user.email, meta.ip);
    throw new KeepWritesError('PASSWORD_WRONG');
  }
  await updateAccount(db, user.id, { passwordHash: await hashPassword(input.password) });
  await revokeSessionsOf(db, user.id, 'password-changed', { exceptSessionId: session.sessionId });
  return null;
}

export async function changeExpireTime(
  db: Db,
  session: SessionContext,
  input: Input<'changeExpireTime'>,
): Promise<TUserInfo> {
  await updateAccount(db, session.userId, { sessionTimeoutMin: input.minutes });
  await restartSession(db, session.sessionId, input.minutes);
  return userInfo(db, session);
}

/** The photo is one of the caller's own avatar uploads, shown through the file view endpoint. */
export async function updateAvatar(
  db: Db,
  session: SessionContext,
  input: Input<'updateAvatar'>,
  meta: RequestMeta,
): Promise<TUserInfo> {
  const upload = await ownUpload(db, session.userId, input.fileKey, 'avatar');
  if (!upload) throw fieldInvalid(meta.lang, 'fileKey', 'v.profile.avatar');
  await updateAccount(db, session.userId, {
    avatarUrl: `/api/file/view?fileKey=${encodeURIComponent(upload.fileKey)}`,
  });
  return userInfo(db, session);
}
