import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAttempts } from '../src/db/schema.ts';
import { THROTTLE } from '../src/modules/auth/service.ts';
import { DEMO_PASSWORD, call, startTestApp, type TestApp } from './support/app.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';

describe('sign-in throttling', () => {
  let t: TestApp;
  const attempt = (loginAccount: string, password: string, lang?: 'zh' | 'en') =>
    call(t.app, '/login/loginByPwd', { body: { loginAccount, password }, ...(lang ? { lang } : {}) });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  // Every case starts from a clean attempt history (all requests come from the same address).
  beforeEach(async () => {
    await dbOf(t).delete(loginAttempts);
  });

  it('locks an account after 5 failed passwords, even for the right password, with the minutes in the message', async () => {
    expect(THROTTLE.perAccount).toBe(5);
    for (let i = 1; i <= 5; i++) expectError(await attempt('demo-auto', `Wrong-${i}a`), 'LOGIN_FAILED');

    const zh = await attempt('demo-auto', DEMO_PASSWORD, 'zh');
    expectError(zh, 'LOGIN_LOCKED', 'zh', { minutes: THROTTLE.windowMinutes });
    expect(zh.status).toBe(429);
    expect(zh.body.msg).toBe('登录失败次数过多，请 15 分钟后再试');
    const en = await attempt('demo-auto', DEMO_PASSWORD, 'en');
    expectError(en, 'LOGIN_LOCKED', 'en', { minutes: 15 });
    expect(en.body.msg).toBe('Too many failed sign-in attempts, please try again in 15 minutes');
    // The e-mail address and another spelling name the same, locked account.
    expectError(await attempt('DEMO-AUTO@tracehub.local', DEMO_PASSWORD), 'LOGIN_LOCKED', 'zh', {
      minutes: 15,
    });

    // Other accounts are not affected.
    expectOk(await attempt('demo-supplier', DEMO_PASSWORD));
  });

  it('allows the right password after 4 failures', async () => {
    for (let i = 1; i <= 4; i++) expectError(await attempt('demo-supplier', `Wrong-${i}a`), 'LOGIN_FAILED');
    expectOk(await attempt('demo-supplier', DEMO_PASSWORD));
  });

  it('counts failures per account whether the user name or the e-mail was typed', async () => {
    for (let i = 1; i <= 3; i++) expectError(await attempt('Demo-Multi', `Wrong-${i}a`), 'LOGIN_FAILED');
    for (let i = 4; i <= 5; i++) {
      expectError(await attempt('demo-multi@tracehub.local', `Wrong-${i}a`), 'LOGIN_FAILED');
    }
    expectError(await attempt('demo-multi', DEMO_PASSWORD), 'LOGIN_LOCKED', 'zh', { minutes: 15 });
    expectError(await attempt('demo-multi@tracehub.local', DEMO_PASSWORD), 'LOGIN_LOCKED', 'zh', {
      minutes: 15,
    });
  });

  it('lifts the lock once the failures are older than the window', async () => {
    for (let i = 1; i <= 5; i++) expectError(await attempt('demo-auto', `Wrong-${i}a`), 'LOGIN_FAILED');
    expectError(await attempt('demo-auto', DEMO_PASSWORD), 'LOGIN_LOCKED', 'zh', { minutes: 15 });
    await dbOf(t)
      .update(loginAttempts)
      .set({ createdAt: sql`now() - interval '16 minutes'` });
    expectOk(await attempt('demo-auto', DEMO_PASSWORD));
  });

  it('checks at most 5 passwords of an account even when the guesses arrive in parallel', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt('demo-supplier', `Wrong-${i}a`)),
    );
    const codes = guesses.map((g) => g.body.code);
    expect(codes.filter((c) => c === 'U0001').length).toBeLessThanOrEqual(THROTTLE.perAccount);
    expect(codes.every((c) => c === 'U0001' || c === 'U0004')).toBe(true);
    for (const g of guesses.filter((x) => x.body.code === 'U0004')) {
      expectError(g, 'LOGIN_LOCKED', 'zh', { minutes: 15 });
    }
  });

  it('locks an address after 30 failures across accounts', async () => {
    expect(THROTTLE.perIp).toBe(30);
    for (let i = 1; i <= 30; i++) expectError(await attempt(`nobody-${i}`, 'Wrong-pass1'), 'LOGIN_FAILED');
    expectError(await attempt('demo-supplier', DEMO_PASSWORD, 'en'), 'LOGIN_LOCKED', 'en', { minutes: 15 });
  });
});
