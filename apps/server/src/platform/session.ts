import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { EXAMINE_STATUS } from '@tracehub/contract';
import { sessionFactsChanges, type Db } from '../db/client.ts';
import { enterpriseUsers, enterprises, sessions, users, verifyKeys } from '../db/schema.ts';
import { newToken, sha256Hex } from './crypto.ts';
import { AppError } from './errors.ts';
import type { SessionContext, TDataScope } from './context.ts';
import { memberAccess, withUsedTables } from './permissions.ts';

/** Sliding expiry is written at most this often, so reads do not turn every request into a write. */
const SLIDE_WRITE_INTERVAL_MS = 60_000;
export const VERIFY_KEY_TTL_SECONDS = 300;
/** Revoke reason of sessions ended because the member was disabled in their enterprise. */
export const MEMBER_DISABLED_REASON = 'member-disabled';
const NO_CODES: ReadonlySet<string> = new Set();

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1] ?? null;
}

export async function createSession(
  db: Db,
  args: {
    userId: number;
    enterpriseUuid: string | null;
    kind: 'enterprise' | 'operator';
    timeoutMin: number;
    ip: string;
    userAgent: string | null;
  },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId: args.userId,
    enterpriseUuid: args.enterpriseUuid,
    kind: args.kind,
    expiresAt: new Date(Date.now() + args.timeoutMin * 60_000),
    ip: args.ip,
    userAgent: args.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

export async function revokeSession(db: Db, sessionId: number, reason: string): Promise<void> {
  sessionCache.clear();
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends the live sessions of an account: everywhere, only in one enterprise, or all but the caller's own.
 */
export async function revokeSessionsOf(
  db: Db,
  userId: number,
  reason: string,
  scope: { enterpriseUuid?: string; exceptSessionId?: number } = {},
): Promise<void> {
  sessionCache.clear();
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        scope.enterpriseUuid === undefined ? undefined : eq(sessions.enterpriseUuid, scope.enterpriseUuid),
        scope.exceptSessionId === undefined ? undefined : ne(sessions.id, scope.exceptSessionId),
      ),
    );
}

/**
 * Resolves a bearer token to the verified caller. Expired sessions answer U0005, ended ones U0009, a
 * disabled account, member or company its own message; the enterprise link must still be approved.
 */
export async function resolveSession(db: Db, token: string): Promise<SessionContext | null> {
  // Read before the session's facts: a change committed after this is seen by the cached session's proof.
  const factsChanges = sessionFactsChanges(db);
  // One round trip: the session, its account, its enterprise link and the enterprise's status and
  // unconfigured modules (left joins: it may have none).
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      enterpriseUuid: sessions.enterpriseUuid,
      kind: sessions.kind,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      revokeReason: sessions.revokeReason,
      username: users.username,
      userStatus: users.status,
      mustChangePassword: users.mustChangePassword,
      timeoutMin: users.sessionTimeoutMin,
      linkIsAdmin: enterpriseUsers.isAdmin,
      linkStatus: enterpriseUsers.status,
      enterpriseStatus: enterprises.status,
      unconfiguredCodes: enterprises.unconfiguredCodes,
      role: enterprises.role,
      businessAttribute: enterprises.businessAttribute,
      vinTables: enterprises.vinTables,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      enterpriseUsers,
      and(
        eq(enterpriseUsers.enterpriseUuid, sessions.enterpriseUuid),
        eq(enterpriseUsers.userId, sessions.userId),
        eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
      ),
    )
    .leftJoin(enterprises, eq(enterprises.uuid, sessions.enterpriseUuid))
    .where(eq(sessions.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!row) return null;
  if (row.revokedAt) {
    // A disabled member is told so, not just sent back to sign in (spec 4).
    const disabled = row.revokeReason === MEMBER_DISABLED_REASON && row.linkStatus === 'disabled';
    throw new AppError(disabled ? 'ACCOUNT_DISABLED' : 'SESSION_REVOKED');
  }
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) throw new AppError('SESSION_EXPIRED');
  if (row.userStatus !== 'enabled') {
    await revokeSession(db, row.id, 'account-disabled');
    throw new AppError('ACCOUNT_DISABLED');
  }
  // Sessions are not issued while a one-time password stands (selectEnterprise refuses); a second wall.
  if (row.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');

  let permissions: ReadonlySet<string> = new Set();
  let dataScope: TDataScope = 'account';
  let isEnterpriseAdmin = false;
  let unconfigured: ReadonlySet<string> = NO_CODES;
  if (row.enterpriseUuid) {
    if (row.linkIsAdmin === null) throw new AppError('ENTERPRISE_UNAVAILABLE');
    if (row.enterpriseStatus !== 'enabled') throw new AppError('COMPANY_DISABLED');
    if (row.linkStatus === 'disabled') {
      await revokeSession(db, row.id, MEMBER_DISABLED_REASON);
      throw new AppError('ACCOUNT_DISABLED');
    }
    isEnterpriseAdmin = row.linkIsAdmin;
    if (row.unconfiguredCodes?.length) unconfigured = new Set(row.unconfiguredCodes);
    ({ permissions, dataScope } = await memberAccess(db, row.enterpriseUuid, row.userId, row.linkIsAdmin));
    permissions = withUsedTables(permissions, {
      role: row.role ?? 0,
      businessAttribute: row.businessAttribute,
      vinTables: row.vinTables,
    });
  }
  const resolved: SessionContext = {
    sessionId: row.id,
    userId: row.userId,
    username: row.username,
    kind: row.kind,
    enterpriseUuid: row.enterpriseUuid,
    permissions,
    isEnterpriseAdmin,
    dataScope,
    unconfigured,
  };
  if (row.enterpriseUuid && row.kind === 'enterprise') {
    remember(token, resolved, {
      sessionId: row.id,
      userId: row.userId,
      enterpriseUuid: row.enterpriseUuid,
      isAdmin: isEnterpriseAdmin,
      unconfiguredJson: JSON.stringify(row.unconfiguredCodes ?? []),
      access: isEnterpriseAdmin ? null : accessFingerprint(permissions, dataScope),
      expiresAt: row.expiresAt.getTime(),
      sessionFactsChanges: factsChanges,
    });
  }

  if (now - row.lastSeenAt.getTime() > SLIDE_WRITE_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + row.timeoutMin * 60_000) })
      .where(eq(sessions.id, row.id));
  }
  return resolved;
}

/**
 * What the statement opening a tenant transaction re-checks for a session taken from the cache, in the same
 * round trip (platform/tenancy.ts): the session still live, the account enabled, the link approved, enabled
 * and as administrative as it was, the enterprise enabled with the same unconfigured pages, and (members
 * without the administrator flag) the same enabled roles' codes and data scope. Any change, by this process
 * or another, fails it, and the request is authenticated again from the database. On the embedded PGlite,
 * whose only client is this process, the proof is skipped while no change of those facts has been committed
 * since the session was resolved (`sessionFactsChanges`, migration 0041).
 */
export interface SessionProof {
  sessionId: number;
  userId: number;
  enterpriseUuid: string;
  isAdmin: boolean;
  /** The enterprise's unconfigured page codes as stored (jsonb, in their order). */
  unconfiguredJson: string;
  /** accessFingerprint of the member's roles; null for an administrator (who holds every code). */
  access: string | null;
  /** When the session expired as resolved (the proof compares the stored expiry with the clock). */
  expiresAt: number;
  /**
   * The embedded database's count of changes of sessions' facts read before they were (db/client.ts
   * `sessionFactsChanges`): while it stands, the proof would hold and is skipped. Null on PostgreSQL.
   */
  sessionFactsChanges: number | null;
}

/** The member's codes (sorted, as `collate "C"` sorts ASCII) and data scope as one string, like the SQL. */
export function accessFingerprint(permissions: ReadonlySet<string>, dataScope: TDataScope): string {
  return `${[...permissions].sort().join(',')}|${dataScope === 'company'}`;
}

/**
 * Enterprise sessions resolved within the last CACHE_TTL_MS, by token hash: a request of the same session
 * skips the session and role queries, and its tenant transaction's opening statement confirms them instead
 * (SessionProof). This process's revocations empty it at once; other processes' changes fail the proof.
 */
const sessionCache = new Map<string, { session: SessionContext; proof: SessionProof; until: number }>();
// The proof guards every check; the lifetime bounds what it does not hold (the name shown, the sliding expiry,
// written by the next full resolution at most this much later).
const CACHE_TTL_MS = 10_000;
const CACHE_LIMIT = 10_000;

function remember(token: string, session: SessionContext, proof: SessionProof): void {
  if (sessionCache.size >= CACHE_LIMIT) sessionCache.clear();
  sessionCache.set(sha256Hex(token), { session, proof, until: Date.now() + CACHE_TTL_MS });
}

/** A session resolved moments ago, to be confirmed by its proof in the tenant transaction; else undefined. */
export function cachedSession(token: string): { session: SessionContext; proof: SessionProof } | undefined {
  const key = sha256Hex(token);
  const hit = sessionCache.get(key);
  if (!hit) return undefined;
  if (hit.until > Date.now()) return hit;
  sessionCache.delete(key);
  return undefined;
}

/** Drops a token's cached session (its proof failed). */
export function forgetSession(token: string): void {
  sessionCache.delete(sha256Hex(token));
}

export async function createVerifyKey(db: Db, userId: number): Promise<string> {
  const key = newToken();
  await db.insert(verifyKeys).values({
    keyHash: sha256Hex(key),
    userId,
    expiresAt: new Date(Date.now() + VERIFY_KEY_TTL_SECONDS * 1000),
  });
  return key;
}

/**
 * The account a live, unconsumed verifyKey belongs to. The key of an account that signed in with a
 * one-time password is good for nothing but setting a new one: refused (PASSWORD_CHANGE_REQUIRED) unless
 * the caller is that step (`forPasswordChange`).
 */
export async function resolveVerifyKey(
  db: Db,
  key: string,
  opts: { forPasswordChange?: boolean } = {},
): Promise<{ id: number; userId: number } | null> {
  const [row] = await db
    .select({
      id: verifyKeys.id,
      userId: verifyKeys.userId,
      mustChangePassword: users.mustChangePassword,
    })
    .from(verifyKeys)
    .innerJoin(users, eq(users.id, verifyKeys.userId))
    .where(
      and(
        eq(verifyKeys.keyHash, sha256Hex(key)),
        isNull(verifyKeys.consumedAt),
        gt(verifyKeys.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.mustChangePassword && !opts.forPasswordChange) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  return { id: row.id, userId: row.userId };
}
