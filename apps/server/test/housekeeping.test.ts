import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { evidenceUploads, loginAttempts, mailCodes, sessions, users, verifyKeys } from '../src/db/schema.ts';
import { pruneExpired } from '../src/platform/housekeeping.ts';
import { AUTO_UUID, call, signIn, useTestApp } from './support/app.ts';
import { dbOf } from './support/helpers.ts';

const DAY = 86_400_000;
/** A time `ms` ago (a negative `ms`: from now). */
const ago = (ms: number) => new Date(Date.now() - ms);

type Pruned = typeof loginAttempts | typeof mailCodes | typeof verifyKeys | typeof sessions;

/**
 * Housekeeping deletes what no rule reads any more and keeps everything a rule still reads: the throttle's
 * window and known clients, the mail limits' hour, live and recently ended sessions.
 */
describe('housekeeping', () => {
  const t = useTestApp();
  let userId: number;
  beforeAll(async () => {
    const [user] = await dbOf(t).select().from(users).where(eq(users.username, 'demo-auto'));
    userId = user!.id;
  });

  /** Which of the rows are still there (ids, sorted). */
  const kept = async (table: Pruned, rows: readonly { id: number }[]) =>
    (
      await dbOf(t)
        .select({ id: table.id })
        .from(table)
        .where(
          inArray(
            table.id,
            rows.map((r) => r.id),
          ),
        )
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

  it('deletes expired sign-in rows and keeps those a rule still reads', async () => {
    const db = dbOf(t);
    const [oldAttempt, ...liveAttempts] = await db
      .insert(loginAttempts)
      .values([
        { accountKey: 'hk-old', ip: '10.9.9.9', success: true, createdAt: ago(40 * DAY) },
        // A known client: a success within THROTTLE.knownClientDays still counts.
        { accountKey: 'hk-known', ip: '10.9.9.9', success: true, createdAt: ago(20 * DAY) },
        { accountKey: 'hk-recent', ip: '10.9.9.9', success: false, createdAt: ago(60_000) },
      ])
      .returning({ id: loginAttempts.id });
    const [oldCode, liveCode] = await db
      .insert(mailCodes)
      .values([
        {
          email: 'hk@example.com',
          purpose: 'login',
          codeHash: 'x',
          expiresAt: ago(3 * DAY),
          createdAt: ago(3 * DAY),
        },
        { email: 'hk@example.com', purpose: 'login', codeHash: 'y', expiresAt: ago(-300_000) },
      ])
      .returning({ id: mailCodes.id });
    const [oldKey, liveKey] = await db
      .insert(verifyKeys)
      .values([
        { keyHash: 'hk-old-key', userId, expiresAt: ago(2 * DAY) },
        { keyHash: 'hk-live-key', userId, expiresAt: ago(-60_000) },
      ])
      .returning({ id: verifyKeys.id });
    const [expired, revoked, justRevoked, live] = await db
      .insert(sessions)
      .values([
        { tokenHash: 'hk-expired', userId, kind: 'enterprise', expiresAt: ago(2 * DAY) },
        {
          tokenHash: 'hk-revoked',
          userId,
          kind: 'enterprise',
          expiresAt: ago(-DAY),
          revokedAt: ago(2 * DAY),
        },
        {
          tokenHash: 'hk-just-revoked',
          userId,
          kind: 'enterprise',
          expiresAt: ago(-DAY),
          revokedAt: ago(60_000),
        },
        { tokenHash: 'hk-live', userId, kind: 'enterprise', expiresAt: ago(-DAY) },
      ])
      .returning({ id: sessions.id });
    // A VIN list of an evidence task is read for an hour and kept a day after.
    const upload = (key: string, createdAt: Date) => ({
      key,
      enterpriseUuid: AUTO_UUID,
      createdBy: userId,
      vins: ['LGXCE4CB4N0000001'],
      errors: [],
      lang: 'zh' as const,
      createdAt,
    });
    await db
      .insert(evidenceUploads)
      .values([upload('hk-old-list', ago(2 * DAY)), upload('hk-live-list', ago(3_600_000))]);

    expect(await pruneExpired(db)).toEqual({
      login_attempts: 1,
      mail_codes: 1,
      verify_keys: 1,
      sessions: 2,
      evidence_uploads: 1,
    });
    expect((await db.select({ key: evidenceUploads.key }).from(evidenceUploads)).map((r) => r.key)).toEqual([
      'hk-live-list',
    ]);

    expect(await kept(loginAttempts, [oldAttempt!, ...liveAttempts])).toEqual(ids(liveAttempts));
    expect(await kept(mailCodes, [oldCode!, liveCode!])).toEqual([liveCode!.id]);
    expect(await kept(verifyKeys, [oldKey!, liveKey!])).toEqual([liveKey!.id]);
    expect(await kept(sessions, [expired!, revoked!, justRevoked!, live!])).toEqual(
      ids([justRevoked!, live!]),
    );
    // Nothing is left to prune.
    expect(await pruneExpired(db)).toEqual({
      login_attempts: 0,
      mail_codes: 0,
      verify_keys: 0,
      sessions: 0,
      evidence_uploads: 0,
    });
  });

  it('leaves a signed-in member signed in', async () => {
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    await pruneExpired(dbOf(t));
    const res = await call(t.app, '/profile/selectUserInfo', { token });
    expect(res.body.code).toBe('0000');
  });
});
