import { isIP } from 'node:net';
import { and, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginAttempts } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Sign-in throttling, kept in the database (every process serving it sees the same attempts). Nothing
 * locks an account for everyone: someone else's failures cannot keep the owner out.
 *
 * - Per account and client: after `freeTries` failures (since that client's last success on the account)
 *   each further try waits `firstDelaySeconds`, doubling with every failure up to `maxDelaySeconds`,
 *   counted from that client's last failure. A success clears it.
 * - Per client across accounts (password spraying): `perClient` failures within the window, then the
 *   client waits until the oldest of them leaves the window.
 * - Per account across clients (a distributed attack): beyond `perAccount` failures within the window the
 *   account's tries slow down, 2 s doubling up to `accountMaxDelaySeconds` after its last failure.
 * - A client that signed in to the account within `knownClientDays` (the owner's own machine) is held only
 *   to its own delays, not to the client or account budget; the e-mailed-code sign-in only to the client
 *   budget (the code limits its own guesses).
 */
export const THROTTLE = {
  windowMinutes: 60,
  freeTries: 3,
  firstDelaySeconds: 2,
  maxDelaySeconds: 300,
  perClient: 30,
  perAccount: 50,
  accountMaxDelaySeconds: 60,
  knownClientDays: 30,
} as const;

/** A password try (sign-in, the current password of a change) or an e-mailed-code sign-in. */
export type TAttemptKind = 'password' | 'code';

/** Seconds a client waits after its last failure on an account, by its failures since its last success. */
export function pairDelaySeconds(failures: number): number {
  if (failures < THROTTLE.freeTries) return 0;
  return Math.min(
    THROTTLE.firstDelaySeconds * 2 ** (failures - THROTTLE.freeTries),
    THROTTLE.maxDelaySeconds,
  );
}

/** Seconds any unknown client waits after an account's last failure, by its failures in the window. */
export function accountDelaySeconds(failures: number): number {
  if (failures < THROTTLE.perAccount) return 0;
  return Math.min(2 ** (failures - THROTTLE.perAccount + 1), THROTTLE.accountMaxDelaySeconds);
}

function expandIpv6(address: string): string[] {
  let text = address;
  // An embedded IPv4 tail (64:ff9b::192.0.2.1) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right];
}

/**
 * The key a client is throttled by: its IPv4 address, or the /64 network of an IPv6 one (one subscriber
 * usually holds a whole /64, and would otherwise get a fresh budget from every address in it).
 */
export function clientKey(ip: string): string {
  let address = ip.trim().toLowerCase();
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) return address.slice(7);
  if (isIP(address) !== 6) return address;
  const network = expandIpv6(address)
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16));
  return `${network.join(':')}::/64`;
}

/**
 * Lock classes of the two-key advisory locks (a key space apart from the one-key locks used elsewhere),
 * so that an account's, a client's and an address's locks never collide with each other.
 */
export const LOCK_CLASS = { signInAccount: 7401, signInClient: 7402, mailAddress: 7403, mailClient: 7404 };

/** Waits for the transaction-scoped lock of a key in a class. */
export async function advisoryLock(tx: Db, lockClass: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}::int4, hashtext(${key}))`);
}

const la = loginAttempts;
const windowStart = sql`now() - make_interval(mins => ${sql.raw(String(THROTTLE.windowMinutes))})`;
const epochMs = (value: SQL) =>
  sql<number | null>`(extract(epoch from ${value}) * 1000)::float8`.mapWith(Number);

/** Milliseconds the client must still wait before this try (0: it may go ahead). */
async function waitMs(db: Db, accountKey: string, client: string, kind: TAttemptKind): Promise<number> {
  const pairWhere = and(eq(la.accountKey, accountKey), eq(la.ip, client));
  const lastSuccess = sql`(select max(${la.createdAt}) from ${la} where ${pairWhere} and ${la.success})`;
  const [pair] = await db
    .select({
      known: sql<boolean>`coalesce(bool_or(${la.success}), false)`,
      failures: sql<number>`count(*) filter (where not ${la.success} and ${la.createdAt} > ${windowStart}
        and ${la.createdAt} > coalesce(${lastSuccess}, '-infinity'))`.mapWith(Number),
      lastFailure: epochMs(sql`max(${la.createdAt}) filter (where not ${la.success})`),
      now: epochMs(sql`now()`),
    })
    .from(la)
    .where(
      and(
        pairWhere,
        gt(la.createdAt, sql`now() - make_interval(days => ${sql.raw(String(THROTTLE.knownClientDays))})`),
      ),
    );
  const now = pair?.now ?? Date.now();
  const waits = [0];
  const since = (from: number | null | undefined, seconds: number) =>
    from === null || from === undefined ? 0 : from + seconds * 1000 - now;
  if (kind === 'password') {
    waits.push(since(pair?.lastFailure, pairDelaySeconds(pair?.failures ?? 0)));
  }
  if (pair?.known) return Math.max(...waits);

  const [byClient] = await db
    .select({
      failures: count(),
      // When the perClient-th newest failure leaves the window, the client is back under its budget.
      nth: epochMs(
        sql`(array_agg(${la.createdAt} order by ${la.createdAt} desc))[${sql.raw(String(THROTTLE.perClient))}]`,
      ),
    })
    .from(la)
    .where(and(eq(la.ip, client), eq(la.success, false), gt(la.createdAt, windowStart)));
  if ((byClient?.failures ?? 0) >= THROTTLE.perClient) {
    waits.push(since(byClient?.nth, THROTTLE.windowMinutes * 60));
  }
  if (kind === 'password') {
    const [byAccount] = await db
      .select({ failures: count(), last: epochMs(sql`max(${la.createdAt})`) })
      .from(la)
      .where(and(eq(la.accountKey, accountKey), eq(la.success, false), gt(la.createdAt, windowStart)));
    waits.push(since(byAccount?.last, accountDelaySeconds(byAccount?.failures ?? 0)));
  }
  return Math.max(...waits);
}

function throttled(ms: number): AppError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError('LOGIN_LOCKED', { seconds }, { retryAfterSeconds: seconds });
}

/**
 * Refuses (LOGIN_LOCKED, with the seconds to wait) a try the client must wait for; reads only. For
 * callers that already serialise the account's tries (the password change holds the account row).
 */
export async function assertNotThrottled(
  db: Db,
  accountKey: string,
  ip: string,
  kind: TAttemptKind = 'password',
): Promise<void> {
  const ms = await waitMs(db, accountKey, clientKey(ip), kind);
  if (ms > 0) throw throttled(ms);
}

/**
 * Admits one try or refuses it like assertNotThrottled. An admitted try is recorded at once, as a failure
 * until settleAttempt says otherwise, under the account's and the client's advisory locks (always taken
 * in that order): tries arriving together, in this or another process, each see the ones before them.
 * A refused try is not recorded. Answers the attempt's id.
 */
export async function admitAttempt(
  db: Db,
  accountKey: string,
  ip: string,
  kind: TAttemptKind,
): Promise<number> {
  const client = clientKey(ip);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await advisoryLock(tx, LOCK_CLASS.signInAccount, accountKey);
    await advisoryLock(tx, LOCK_CLASS.signInClient, client);
    const ms = await waitMs(tx, accountKey, client, kind);
    if (ms > 0) throw throttled(ms);
    const [row] = await tx
      .insert(la)
      .values({ accountKey, ip: client, success: false })
      .returning({ id: la.id });
    return row!.id;
  });
}

/** Marks an admitted try successful: it clears the client's delays on the account and makes it known. */
export async function settleAttempt(db: Db, attemptId: number, success: boolean): Promise<void> {
  if (success) await db.update(la).set({ success: true }).where(eq(la.id, attemptId));
}

/** Records a try that was checked with assertNotThrottled. */
export async function recordAttempt(db: Db, accountKey: string, ip: string, success: boolean): Promise<void> {
  await db.insert(la).values({ accountKey, ip: clientKey(ip), success });
}
