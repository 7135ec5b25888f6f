import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, sessions, usernameChanges, users } from '../../db/schema.ts';
import { recordAttempt } from '../auth/throttle.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The account, row-locked so that concurrent edits of it (two renames) run one after the other. */
export async function lockAccount(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function usernameTaken(db: Db, username: string, exceptUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** Renames within the last 365 days (the "twice a year" of spec 5 is a sliding year). */
export async function renamesWithinYear(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(usernameChanges)
    .where(
      and(eq(usernameChanges.userId, userId), gt(usernameChanges.changedAt, new Date(Date.now() - YEAR_MS))),
    );
  return row?.n ?? 0;
}

export async function rename(
  db: Db,
  userId: number,
  oldUsername: string,
  newUsername: string,
): Promise<void> {
  await db.update(users).set({ username: newUsername, updatedAt: new Date() }).where(eq(users.id, userId));
  await db.insert(usernameChanges).values({ userId, oldUsername, newUsername });
}

export async function updateAccount(
  db: Db,
  userId: number,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'chineseName'
      | 'englishName'
      | 'introduction'
      | 'email'
      | 'passwordHash'
      | 'avatarUrl'
      | 'sessionTimeoutMin'
    >
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The current session's expiry follows a new timeout at once; others follow on their next request. */
export async function restartSession(db: Db, sessionId: number, timeoutMin: number): Promise<void> {
  const now = Date.now();
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + timeoutMin * 60_000) })
    .where(eq(sessions.id, sessionId));
}

/** An upload of the account with the given business type (files are also scoped to the enterprise). */
export async function ownUpload(db: Db, userId: number, fileKey: string, bizType: string) {
  const [row] = await db
    .select({ fileKey: files.fileKey })
    .from(files)
    .where(and(eq(files.fileKey, fileKey), eq(files.ownerUserId, userId), eq(files.bizType, bizType)))
    .limit(1);
  return row ?? null;
}

/** A wrong current password counts like a failed sign-in of the account (same secret, same throttle). */
export async function recordPasswordFailure(db: Db, accountKey: string, ip: string): Promise<void> {
  await recordAttempt(db, accountKey, ip, false);
}
