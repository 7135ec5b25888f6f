import { and, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { loginAttempts, mailCodes, sessions, verifyKeys } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { Prune } from '../../platform/housekeeping.ts';
import { MAIL_CODE } from './mail-code.ts';
import { THROTTLE } from './throttle.ts';

/*
 * What sign-in keeps only for a while. Each row goes a day after the longest rule that reads it:
 * - sign-in attempts: the throttle reads failures of its window and, for the owner's known client,
 *   successes of the last THROTTLE.knownClientDays;
 * - mailed codes: the mail limits count an hour, a code lives MAIL_CODE.ttlSeconds;
 * - the sign-in step's keys: minutes;
 * - sessions: once expired or revoked (an expired one answers SESSION_EXPIRED the same as an unknown one).
 */

const DAY_MS = 86_400_000;
const ago = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;

async function deleted(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const rows = await db
    .delete(table)
    .where(where)
    .returning({ one: sql<number>`1` });
  return rows.length;
}

export const authPrunes: readonly Prune[] = [
  {
    name: 'login_attempts',
    run: (db) =>
      deleted(db, loginAttempts, lt(loginAttempts.createdAt, ago((THROTTLE.knownClientDays + 1) * DAY_MS))),
  },
  {
    name: 'mail_codes',
    run: (db) =>
      deleted(
        db,
        mailCodes,
        and(
          lt(mailCodes.createdAt, ago(DAY_MS + 3_600_000)),
          lt(mailCodes.expiresAt, ago(DAY_MS + MAIL_CODE.ttlSeconds * 1000)),
        ),
      ),
  },
  { name: 'verify_keys', run: (db) => deleted(db, verifyKeys, lt(verifyKeys.expiresAt, ago(DAY_MS))) },
  {
    name: 'sessions',
    run: (db) =>
      deleted(
        db,
        sessions,
        or(
          lt(sessions.expiresAt, ago(DAY_MS)),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, ago(DAY_MS))),
        ),
      ),
  },
];
