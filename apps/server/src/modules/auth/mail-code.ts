import { and, count, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailCodes } from '../../db/schema.ts';
import { newVerifyCode, safeEqualHex, sha256Hex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailMessage, Mailer } from '../../platform/mail.ts';
import { LOCK_CLASS, advisoryLock, clientKey } from './throttle.ts';

/**
 * E-mailed verification codes, one mechanism for every purpose (sign-in, registration, a new address).
 * A code belongs to an address and a purpose; purposes that belong to one account carry its id
 * (changeMailPurpose), so a code can only be used by the account that asked for it.
 *
 * Limits, per address: one code per purpose every `resendSeconds` (VERIFY_CODE_TOO_FREQUENT) and
 * `perAddressPerHour` codes in any hour, all purposes together; per requesting client: `perClientPerHour`
 * codes in any hour, whatever the addresses (TOO_MANY_REQUESTS, E1009). Both with the seconds to wait.
 */
export const MAIL_CODE = {
  ttlSeconds: 600,
  resendSeconds: 60,
  maxAttempts: 5,
  perAddressPerHour: 5,
  perClientPerHour: 30,
} as const;

export const changeMailPurpose = (userId: number) => `changeMail:${userId}`;

export interface IssueOptions {
  /** The requesting client's address: its code requests are limited across addresses. */
  ip?: string;
  /**
   * What the address is sent: its code (by default), another message instead, or nothing (null). The code
   * is recorded either way, never sent in the last two cases, so that the limits, the answer and the
   * work done are the same whether or not the address may have a code (no enumeration of accounts).
   */
  instead?: MailMessage | null;
  /**
   * A handle outside any transaction: with it the mail server is not waited for (Mailer.store), its
   * outcome is recorded through it afterwards. Without it (a caller inside a transaction) the mail is sent
   * before answering.
   */
  statusDb?: Db;
}

const HOUR = sql`now() - interval '1 hour'`;
const epochMs = (value: SQL) =>
  sql<number | null>`(extract(epoch from ${value}) * 1000)::float8`.mapWith(Number);
/** When the n-th newest of the rows' times leaves the hour (the count is then back under n). */
const nthNewest = (n: number) =>
  epochMs(
    sql`(array_agg(${mailCodes.createdAt} order by ${mailCodes.createdAt} desc))[${sql.raw(String(n))}]`,
  );

/** Records (and normally mails) a new code, within the limits above. */
export async function issueMailCode(
  db: Db,
  mailer: Mailer,
  email: string,
  purpose: string,
  opts: IssueOptions = {},
): Promise<{ expiresInSeconds: number; resendAfterSeconds: number }> {
  const client = opts.ip === undefined ? null : clientKey(opts.ip);
  const delivery = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Requests for one address (and from one client) arriving at once, in this or any other process, take
    // turns: each sees the codes of those before it. Always the address's lock first, then the client's.
    await advisoryLock(tx, LOCK_CLASS.mailAddress, email);
    if (client !== null) await advisoryLock(tx, LOCK_CLASS.mailClient, client);
    const [address] = await tx
      .select({
        last: epochMs(sql`max(${mailCodes.createdAt}) filter (where ${eq(mailCodes.purpose, purpose)})`),
        count: count(),
        freeAt: nthNewest(MAIL_CODE.perAddressPerHour),
        now: epochMs(sql`now()`),
      })
      .from(mailCodes)
      .where(and(eq(mailCodes.email, email), gt(mailCodes.createdAt, HOUR)));
    const now = address?.now ?? Date.now();
    const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now) / 1000));
    if (address?.last != null && now - address.last < MAIL_CODE.resendSeconds * 1000) {
      const seconds = secondsUntil(address.last + MAIL_CODE.resendSeconds * 1000);
      throw new AppError('VERIFY_CODE_TOO_FREQUENT', { seconds }, { retryAfterSeconds: seconds });
    }
    const waits: number[] = [];
    if ((address?.count ?? 0) >= MAIL_CODE.perAddressPerHour && address?.freeAt != null) {
      waits.push(address.freeAt + 3_600_000);
    }
    if (client !== null) {
      const [byClient] = await tx
        .select({ count: count(), freeAt: nthNewest(MAIL_CODE.perClientPerHour) })
        .from(mailCodes)
        .where(and(eq(mailCodes.client, client), gt(mailCodes.createdAt, HOUR)));
      if ((byClient?.count ?? 0) >= MAIL_CODE.perClientPerHour && byClient?.freeAt != null) {
        waits.push(byClient.freeAt + 3_600_000);
      }
    }
    if (waits.length > 0) {
      const seconds = secondsUntil(Math.max(...waits));
      throw new AppError('TOO_MANY_REQUESTS', { seconds }, { retryAfterSeconds: seconds });
    }

    const code = newVerifyCode();
    await tx.insert(mailCodes).values({
      email,
      purpose,
      codeHash: sha256Hex(code),
      expiresAt: new Date(Date.now() + MAIL_CODE.ttlSeconds * 1000),
      client,
    });
    const message = opts.instead === undefined ? codeMail(email, code) : opts.instead;
    if (message === null) return null;
    // The mail server is neither waited for nor holding the locks: whether a mail went out must not show.
    if (mailer.store && opts.statusDb) return mailer.store(tx, message);
    await mailer.send(tx, message);
    return null;
  });
  if (delivery && opts.statusDb) {
    // Its outcome is kept in the outbox row; a failure must not become an unhandled rejection.
    void delivery(opts.statusDb).catch(() => undefined);
  }
  return { expiresInSeconds: MAIL_CODE.ttlSeconds, resendAfterSeconds: MAIL_CODE.resendSeconds };
}

function codeMail(email: string, code: string): MailMessage {
  const minutes = MAIL_CODE.ttlSeconds / 60;
  return {
    to: email,
    subject: 'Tracehub 验证码 / verification code',
    body:
      `您的验证码是 ${code}，${minutes} 分钟内有效。\n` +
      `Your verification code is ${code}. It is valid for ${minutes} minutes.`,
  };
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
