import { eq } from 'drizzle-orm';
import type { TSessionToken } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { writeAccountLog } from '../../platform/account-log.ts';
import type { AppDeps, RequestMeta, SessionContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createSession } from '../../platform/session.ts';
import { verifyPasswordSignIn } from '../auth/service.ts';

/**
 * Operator sign-in: the enterprise end's throttling and password check, for operator accounts only, and a
 * session of kind 'operator' without an enterprise.
 */
export async function operatorLogin(
  deps: AppDeps,
  input: { loginAccount: string; password: string },
  meta: RequestMeta,
): Promise<TSessionToken> {
  const user = await verifyPasswordSignIn(deps, input.loginAccount, input.password, 'operator', meta);
  const token = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    const created = await createSession(tx, {
      userId: user.id,
      enterpriseUuid: null,
      kind: 'operator',
      timeoutMin: user.sessionTimeoutMin,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await writeAccountLog(tx, meta, {
      userId: user.id,
      enterpriseUuid: null,
      action: 'login',
      result: 'success',
      detail: { end: 'operator' },
    });
    return created;
  });
  return { token, enterpriseUuid: null, expiresInMinutes: user.sessionTimeoutMin };
}

export async function operatorInfo(db: Db, session: SessionContext) {
  const [user] = await db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      chineseName: users.chineseName,
      englishName: users.englishName,
    })
    .from(users)
    .where(eq(users.id, session.userId))
    .limit(1);
  if (!user) throw new AppError('SESSION_REVOKED');
  return user;
}
