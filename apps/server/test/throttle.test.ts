import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, type TLang, type TLoginStep } from '@tracehub/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import { accountLog, loginAttempts, users } from '../src/db/schema.ts';
import { THROTTLE, accountDelaySeconds, clientKey, pairDelaySeconds } from '../src/modules/auth/throttle.ts';
import { DEMO_PASSWORD, useTestApp, type Envelope, type TestAppFixture } from './support/app.ts';
import { dbOf, expectError, expectOk, latestCodeFor } from './support/helpers.ts';

type Res<T = unknown> = { status: number; body: Envelope<T>; text: string };

/** A request as it reaches the server from a socket address, with whatever headers the client sends. */
async function post<T = unknown>(
  t: TestAppFixture,
  path: string,
  body: unknown,
  opts: { from?: string; forwardedFor?: string; lang?: TLang } = {},
): Promise<Res<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    remoteAddress: opts.from ?? '127.0.0.1',
    headers: {
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload: body as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as Envelope<T>, text: res.body };
}

/** The seconds a LOGIN_LOCKED answer asks to wait, after checking its message in `lang` says exactly that. */
function lockedSeconds(res: Res, lang: TLang = 'zh'): number {
  expect(res.body.code, res.body.msg).toBe('U0004');
  expect(res.status).toBe(429);
  const seconds = (res.body.data as { retryAfterSeconds: number }).retryAfterSeconds;
  expectError(res, 'LOGIN_LOCKED', lang, { seconds });
  return seconds;
}

describe('sign-in throttling', () => {
  const t = useTestApp();
  const attempt = (loginAccount: string, password: string, opts: Parameters<typeof post>[3] = {}) =>
    post<TLoginStep>(t, '/login/loginByPwd', { loginAccount, password }, opts);
  /** Moves every recorded attempt back in time, as if that many seconds had passed. */
  const age = (seconds: number) =>
    dbOf(t)
      .update(loginAttempts)
      .set({ createdAt: sql`${loginAttempts.createdAt} - make_interval(secs => ${seconds})` });
  /** Failures of an account recorded directly, one per client, as a distributed attack leaves them. */
  const distributedFailures = async (accountKey: string, n: number) => {
    await dbOf(t)
      .insert(loginAttempts)
      .values(
        Array.from({ length: n }, (_, i) => ({
          accountKey,
          ip: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
          success: false,
        })),
      );
  };
  beforeEach(async () => {
    await dbOf(t).delete(loginAttempts);
  });

  it('delays further tries of one client after 3 failures, doubling, with the seconds in zh and en', async () => {
    expect(THROTTLE.freeTries).toBe(3);
    for (let i = 1; i <= 3; i++) expectError(await attempt('demo-auto', `Wrong-${i}a`), 'LOGIN_FAILED');

    // Even the right password waits: 2 s after the third failure.
    const zh = await attempt('demo-auto', DEMO_PASSWORD, { lang: 'zh' });
    const s1 = lockedSeconds(zh, 'zh');
    expect(s1).toBeGreaterThanOrEqual(1);
    expect(s1).toBeLessThanOrEqual(2);
    expect(zh.body.msg).toBe(`登录失败次数过多，请 ${s1} 秒后再试`);
    const en = await attempt('DEMO-AUTO@tracehub.local', DEMO_PASSWORD, { lang: 'en' });
    const s1en = lockedSeconds(en, 'en');
    expect(en.body.msg).toBe(`Too many failed sign-in attempts, please try again in ${s1en} seconds`);

    // Then 4 s after the fourth failure, 8 s after the fifth (whichever identifier is typed).
    await age(2);
    expectError(await attempt('demo-auto@tracehub.local', 'Wrong-4a'), 'LOGIN_FAILED');
    const s2 = lockedSeconds(await attempt('demo-auto', DEMO_PASSWORD));
    expect(s2).toBeGreaterThan(2);
    expect(s2).toBeLessThanOrEqual(4);
    await age(4);
    expectError(await attempt('demo-auto', 'Wrong-5a'), 'LOGIN_FAILED');
    const s3 = lockedSeconds(await attempt('demo-auto', DEMO_PASSWORD));
    expect(s3).toBeGreaterThan(4);
    expect(s3).toBeLessThanOrEqual(8);
    // Refused tries are not counted: the wait did not grow.
    expect(lockedSeconds(await attempt('demo-auto', DEMO_PASSWORD))).toBeLessThanOrEqual(8);

    await age(8);
    expectOk(await attempt('demo-auto', DEMO_PASSWORD));
    expect([1, 2, 3, 4, 5, 10, 20].map(pairDelaySeconds)).toEqual([0, 0, 2, 4, 8, 256, 300]);
  });

  it('clears the delay of a client that signs in successfully', async () => {
    for (let i = 1; i <= 3; i++) expectError(await attempt('demo-supplier', `Wrong-${i}a`), 'LOGIN_FAILED');
    lockedSeconds(await attempt('demo-supplier', DEMO_PASSWORD));
    await age(2);
    expectOk(await attempt('demo-supplier', DEMO_PASSWORD));
    // Three free tries again, straight away.
    for (let i = 1; i <= 3; i++) expectError(await attempt('demo-supplier', `Wrong-${i}b`), 'LOGIN_FAILED');
    lockedSeconds(await attempt('demo-supplier', DEMO_PASSWORD));
  });

  it("lets the owner sign in from another client, and with the e-mailed code, whatever others' failures", async () => {
    const owner = '192.0.2.10';
    const attacker = '203.0.113.66';
    // The owner signed in from their machine before.
    expectOk(await attempt('demo-multi', DEMO_PASSWORD, { from: owner }));
    // An attacker fails from one client, and a distributed attack far beyond the account's ceiling.
    for (let i = 1; i <= 3; i++) {
      expectError(await attempt('demo-multi', `Wrong-${i}a`, { from: attacker }), 'LOGIN_FAILED');
    }
    await distributedFailures('demo-multi@tracehub.local', THROTTLE.perAccount + 20);
    expect((await attempt('demo-multi', DEMO_PASSWORD, { from: attacker })).body.code).toBe('U0004');

    // The owner's own machine is not held back by any of it.
    expectOk(await attempt('demo-multi', DEMO_PASSWORD, { from: owner }));
    // Nor is the e-mailed code, from a client never seen before.
    const fresh = '192.0.2.77';
    expectOk(
      await post(t, '/login/getLoginMailVerifyCode', { email: 'demo-multi@tracehub.local' }, { from: fresh }),
    );
    const code = await latestCodeFor(dbOf(t), 'demo-multi@tracehub.local');
    const step = expectOk(
      await post<TLoginStep>(
        t,
        '/login/verifyLoginMailCode',
        { email: 'demo-multi@tracehub.local', code },
        { from: fresh },
      ),
    );
    expect(step.verifyKey).toBeTruthy();
  });

  it('slows, but does not lock, an account under attack for clients it has not signed in from', async () => {
    expect(THROTTLE.perAccount).toBe(50);
    await distributedFailures('demo-auto@tracehub.local', THROTTLE.perAccount + 10);
    const newcomer = '192.0.2.200';
    const wait = lockedSeconds(await attempt('demo-auto', DEMO_PASSWORD, { from: newcomer }));
    expect(wait).toBeLessThanOrEqual(THROTTLE.accountMaxDelaySeconds);
    expect(accountDelaySeconds(THROTTLE.perAccount + 10)).toBe(THROTTLE.accountMaxDelaySeconds);
    await age(THROTTLE.accountMaxDelaySeconds);
    expectOk(await attempt('demo-auto', DEMO_PASSWORD, { from: newcomer }));
  });

  it('ignores X-Forwarded-For by default: a forged address per try neither resets the limit nor reaches the log', async () => {
    const forged = (i: number) => `10.66.${i}.${i}`;
    for (let i = 1; i <= 3; i++) {
      expectError(
        await attempt('demo-supplier', `Wrong-${i}a`, { from: '192.0.2.44', forwardedFor: forged(i) }),
        'LOGIN_FAILED',
      );
    }
    lockedSeconds(
      await attempt('demo-supplier', DEMO_PASSWORD, { from: '192.0.2.44', forwardedFor: forged(4) }),
    );
    const ips = await dbOf(t)
      .selectDistinct({ ip: loginAttempts.ip })
      .from(loginAttempts)
      .where(eq(loginAttempts.accountKey, 'demo-supplier@tracehub.local'));
    expect(ips).toEqual([{ ip: '192.0.2.44' }]);
    const [supplier] = await dbOf(t).select().from(users).where(eq(users.username, 'demo-supplier'));
    const logged = await dbOf(t)
      .select({ ip: accountLog.ip })
      .from(accountLog)
      .where(and(eq(accountLog.userId, supplier!.id), eq(accountLog.action, 'loginFailed')));
    expect(logged.filter((l) => l.ip === '192.0.2.44')).toHaveLength(3);
    expect(logged.filter((l) => l.ip?.startsWith('10.66.'))).toEqual([]);
  });

  it('limits one client across accounts (password spraying), not the accounts it signed in to before', async () => {
    const sprayer = '203.0.113.9';
    expectOk(await attempt('demo-supplier', DEMO_PASSWORD, { from: sprayer }));
    for (let i = 1; i <= THROTTLE.perClient; i++) {
      expectError(await attempt(`nobody-${i}`, 'Wrong-pass1', { from: sprayer }), 'LOGIN_FAILED');
    }
    const wait = lockedSeconds(
      await attempt('demo-auto', DEMO_PASSWORD, { from: sprayer, lang: 'en' }),
      'en',
    );
    expect(wait).toBeGreaterThan(THROTTLE.windowMinutes * 60 - 120);
    expect(wait).toBeLessThanOrEqual(THROTTLE.windowMinutes * 60);
    // The account it signed in to before still works from there; other clients are not affected.
    expectOk(await attempt('demo-supplier', DEMO_PASSWORD, { from: sprayer }));
    expectOk(await attempt('demo-auto', DEMO_PASSWORD, { from: '192.0.2.45' }));
    // The budget frees up as its failures leave the window.
    await age(THROTTLE.windowMinutes * 60);
    expectOk(await attempt('demo-auto', DEMO_PASSWORD, { from: sprayer }));
  });

  it('checks at most 3 passwords at once when guesses from one client arrive in parallel', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt('demo-supplier', `Wrong-${i}a`)),
    );
    const codes = guesses.map((g) => g.body.code);
    expect(codes.filter((c) => c === 'U0001').length).toBeLessThanOrEqual(THROTTLE.freeTries);
    expect(codes.every((c) => c === 'U0001' || c === 'U0004')).toBe(true);
    for (const g of guesses.filter((x) => x.body.code === 'U0004')) lockedSeconds(g);
  });

  it('throttles the addresses of one IPv6 /64 as one client', async () => {
    expect(clientKey('2001:DB8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    for (let i = 1; i <= 3; i++) {
      expectError(await attempt('demo-auto', `Wrong-${i}a`, { from: `2001:db8:1:2::${i}` }), 'LOGIN_FAILED');
    }
    lockedSeconds(await attempt('demo-auto', DEMO_PASSWORD, { from: '2001:db8:1:2::99' }));
    expectOk(await attempt('demo-auto', DEMO_PASSWORD, { from: '2001:db8:1:3::1' }));
  });

  it('forgets failures older than the window', async () => {
    for (let i = 1; i <= 3; i++) expectError(await attempt('demo-auto', `Wrong-${i}a`), 'LOGIN_FAILED');
    lockedSeconds(await attempt('demo-auto', 'Wrong-4a'));
    await age(THROTTLE.windowMinutes * 60 + 1);
    for (let i = 1; i <= 3; i++) expectError(await attempt('demo-auto', `Wrong-${i}b`), 'LOGIN_FAILED');
  });
});

describe('forwarded client addresses (TRUST_PROXY)', () => {
  const t = useTestApp({}, { TRUST_PROXY: '127.0.0.1' });

  it('honours X-Forwarded-For from a configured proxy only', async () => {
    const attempt = (from: string, forwardedFor: string) =>
      post(
        t,
        '/login/loginByPwd',
        { loginAccount: 'demo-auto', password: 'Wrong-pass1' },
        { from, forwardedFor },
      );
    expectError(await attempt('127.0.0.1', '203.0.113.5'), 'LOGIN_FAILED');
    expectError(await attempt('192.0.2.9', '203.0.113.6'), 'LOGIN_FAILED');
    const ips = await dbOf(t).select({ ip: loginAttempts.ip }).from(loginAttempts);
    expect(ips.map((r) => r.ip).sort()).toEqual(['192.0.2.9', '203.0.113.5']);
    const logged = await dbOf(t)
      .select({ ip: accountLog.ip })
      .from(accountLog)
      .where(eq(accountLog.action, 'loginFailed'));
    expect(logged.map((r) => r.ip).sort()).toEqual(['192.0.2.9', '203.0.113.5']);
  });

  it('reads TRUST_PROXY: off by default, true, or proxy addresses and ranges; nothing else', () => {
    const load = (value?: string) =>
      loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;
    expect(load()).toBe(false);
    expect(load('')).toBe(false);
    expect(load('false')).toBe(false);
    expect(load('true')).toBe(true);
    expect(load('10.0.0.5, 10.1.0.0/16,loopback,2001:db8::/32')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      '2001:db8::/32',
    ]);
    for (const bad of ['2', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1,,10.0.0.2']) {
      expect(() => load(bad), bad).toThrow(ConfigError);
    }
    expect(() => load('1')).toThrow(/TRUST_PROXY: a hop count is not supported/);
  });

  it('answers throttled tries with the message of the catalogue', () => {
    expect(errorMessage('LOGIN_LOCKED', 'zh', { seconds: 4 })).toBe('登录失败次数过多，请 4 秒后再试');
    expect(errorMessage('LOGIN_LOCKED', 'en', { seconds: 4 })).toBe(
      'Too many failed sign-in attempts, please try again in 4 seconds',
    );
  });
});
