import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailCodes } from '../../db/schema.ts';
import { newVerifyCode, safeEqualHex, sha256Hex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';

/**
 * E-mailed verification codes, one mechanism for every purpose (sign-in, registration, a new address).
 * A code belongs to an address and a purpose; purposes that belong to one account carry its id
 * (changeMailPurpose), so a code can only be used by the account that asked for it.
 */
export const MAIL_CODE = { ttlSeconds: 600, resendSeconds: 60, maxAttempts: 5 } as const;

export const changeMailPurpose = (userId: number) => `changeMail:${userId}`;

/** Sends a new code, at most one per address and purpose every MAIL_CODE.resendSeconds. */
export async function issueMailCode(
  db: Db,
  mailer: Mailer,
  email: string,
  purpose: string,
): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Requests for one address and purpose arriving at once, in this or any other process, take turns:
    // the second sees the first one's code and waits out the interval.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mailCode:${purpose}:${email}`}))`);
    const [last] = await tx
      .select({ createdAt: mailCodes.createdAt })
      .from(mailCodes)
      .where(and(eq(mailCodes.email, email), eq(mailCodes.purpose, purpose)))
      .orderBy(desc(mailCodes.createdAt))
      .limit(1);
    const waited = last ? (Date.now() - last.createdAt.getTime()) / 1000 : Infinity;
    if (waited < MAIL_CODE.resendSeconds) {
      throw new AppError('VERIFY_CODE_TOO_FREQUENT', {
        seconds: Math.ceil(MAIL_CODE.resendSeconds - waited),
      });
    }

    const code = newVerifyCode();
    await tx.insert(mailCodes).values({
      email,
      purpose,
      codeHash: sha256Hex(code),
      expiresAt: new Date(Date.now() + MAIL_CODE.ttlSeconds * 1000),
    });
    const minutes = MAIL_CODE.ttlSeconds / 60;
    await mailer.send(tx, {
      to: email,
      subject: 'Tracehub 验证码 / verification code',
      body:
        `您的验证码是 ${code}，${minutes} 分钟内有效。\n` +
        `Your verification code is ${code}. It is valid for ${minutes} minutes.`,
    });
  });
  return { expiresInSeconds: MAIL_CODE.ttlSeconds, resendAfterSeconds: MAIL_CODE.resendSeconds };
}

/**
 * Compares a code with the newest live one of the address and purpose. Every try counts against it,
 * claimed atomically before the comparison so that parallel guesses cannot share one count; 'consume'
 * also uses a right code up, 'check' leaves it for the call that acts on it.
 */
export async function verifyMailCode(
  db: Db,
  email: string,
  purpose: string,
  code: string,
  mode: 'check' | 'consume',
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(mailCodes)
    .where(and(eq(mailCodes.email, email), eq(mailCodes.purpose, purpose), isNull(mailCodes.consumedAt)))
    .orderBy(desc(mailCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() < Date.now()) return false;
  const tried = await db
    .update(mailCodes)
    .set({ attempts: sql`${mailCodes.attempts} + 1` })
    .where(
      and(
        eq(mailCodes.id, row.id),
        isNull(mailCodes.consumedAt),
        lt(mailCodes.attempts, MAIL_CODE.maxAttempts),
      ),
    )
    .returning({ id: mailCodes.id });
  if (tried.length === 0 || !safeEqualHex(row.codeHash, sha256Hex(code.toUpperCase()))) return false;
  if (mode === 'check') return true;
  const used = await db
    .update(mailCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(mailCodes.id, row.id), isNull(mailCodes.consumedAt)))
    .returning({ id: mailCodes.id });
  return used.length > 0;
}

/** Checks and uses up a code; a wrong, used or expired one is VERIFY_CODE_INVALID. */
export async function consumeMailCode(db: Db, email: string, purpose: string, code: string): Promise<void> {
  if (!(await verifyMailCode(db, email, purpose, code, 'consume'))) throw new AppError('VERIFY_CODE_INVALID');
}
