import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ERRORS,
  errorMessage,
  isValidPassword,
  validationMessage,
  type TLang,
  type TLoginStep,
} from '@tracehub/contract';
import { mailCodes, mailOutbox, users } from '../src/db/schema.ts';
import { consumeMailCode } from '../src/modules/auth/service.ts';
import { SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import {
  codeInMail,
  dbOf,
  expectError,
  expectOk,
  latestCodeFor,
  latestMailTo,
  loginStep,
  selectEnterprise,
} from './support/helpers.ts';

const REGISTER = '/enterpriseUserRel/anonymous/enterpriseUserRelCommit';
const SEND_CODE = '/login/getLoginMailVerifyCode';

/** A code that is not the mailed one (same shape). */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('mail codes and registration', () => {
  const t = useTestApp();
  const sendCode = (email: string, purpose?: 'login' | 'register', lang?: TLang) =>
    call<{ expiresInSeconds: number; resendAfterSeconds: number }>(t.app, SEND_CODE, {
      body: purpose ? { email, purpose } : { email },
      ...(lang ? { lang } : {}),
    });
  const register = (body: Record<string, unknown>, lang?: TLang) =>
    call<{ userId: number }>(t.app, REGISTER, { body, ...(lang ? { lang } : {}) });
  /** A complete, valid registration body; override what a case needs. */
  const form = (over: Record<string, unknown> = {}) => ({
    username: 'new_user',
    email: 'new.user@example.com',
    password: 'Passw0rd!',
    confirmPassword: 'Passw0rd!',
    code: '000000',
    agreement: true,
    ...over,
  });

  it('mails a register code to the outbox and refuses a second request within 60 s', async () => {
    const res = await sendCode('  Fresh.Person@Example.COM ', 'register');
    expect(expectOk(res)).toEqual({ expiresInSeconds: 600, resendAfterSeconds: 60 });
    const mail = await latestMailTo(dbOf(t), 'fresh.person@example.com');
    expect(mail).toBeDefined();
    expect(mail!.status).toBe('stored');
    expect(codeInMail(mail!.body)).toMatch(/^\d{6}$/);

    for (const lang of ['zh', 'en'] as const) {
      const again = await sendCode('fresh.person@example.com', 'register', lang);
      expect(again.status).toBe(ERRORS.VERIFY_CODE_TOO_FREQUENT.http);
      expect(again.body.code).toBe('U0015');
      const seconds = Number(/(\d+)/.exec(again.body.msg)?.[1]);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(again.body.msg).toBe(errorMessage('VERIFY_CODE_TOO_FREQUENT', lang, { seconds }));
    }
    const zh = await sendCode('fresh.person@example.com', 'register', 'zh');
    expect(zh.body.msg).toMatch(/^验证码发送过于频繁，请 \d{1,2} 秒后再试$/);
    const en = await sendCode('fresh.person@example.com', 'register', 'en');
    expect(en.body.msg).toMatch(
      /^Verification codes are sent too often, please try again in \d{1,2} seconds$/,
    );
    const stored = await dbOf(t)
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'fresh.person@example.com'));
    expect(stored).toHaveLength(1);
  });

  it('answers a login code request for an unknown address as for any other, and mails nothing (login is the default purpose)', async () => {
    // Whether an address has an account must not show (mail-code-limits.test.ts compares the answers).
    expect(expectOk(await sendCode('nobody@example.com'))).toEqual({
      expiresInSeconds: 600,
      resendAfterSeconds: 60,
    });
    expect(await latestMailTo(dbOf(t), 'nobody@example.com')).toBeUndefined();
  });

  it("answers a register code request for an account's address as for a free one, mailing a notice", async () => {
    expect(expectOk(await sendCode('DEMO-AUTO@tracehub.local', 'register', 'en'))).toEqual({
      expiresInSeconds: 600,
      resendAfterSeconds: 60,
    });
    const notice = await latestMailTo(dbOf(t), 'demo-auto@tracehub.local');
    expect(notice!.subject).toBe('Tracehub 注册提醒 / registration notice');
    // Registering the address without its (never mailed) code fails like any wrong code.
    expectError(
      await register(form({ username: 'auto_twin', email: 'demo-auto@tracehub.local', code: '123456' })),
      'VERIFY_CODE_INVALID',
    );
  });

  it('registers with the mailed code; the account then signs in and has no enterprises', async () => {
    const email = 'alice@example.com';
    expectOk(await sendCode(email, 'register'));
    const code = await latestCodeFor(dbOf(t), email);
    const created = expectOk(
      await register(
        form({
          username: 'Alice_01',
          email: 'Alice@Example.com',
          code,
          password: 'Alice-2024x',
          confirmPassword: 'Alice-2024x',
        }),
      ),
    );
    expect(created.userId).toBeGreaterThan(0);
    const [row] = await dbOf(t).select().from(users).where(eq(users.id, created.userId));
    expect(row).toMatchObject({ username: 'Alice_01', email: 'alice@example.com', status: 'enabled' });
    expect(row!.passwordHash).not.toContain('Alice-2024x');

    const byName = await loginStep(t.app, 'alice_01', 'Alice-2024x');
    expect(byName.enterprises).toEqual([]);
    const byMail = await loginStep(t.app, 'ALICE@example.com', 'Alice-2024x');
    expect(byMail.enterprises).toEqual([]);
    // With no enterprise the account goes on with an enterprise-less session.
    const session = expectOk(
      await selectEnterprise(t.app, {
        loginAccount: 'alice_01',
        enterpriseUuid: null,
        verifyKey: byName.verifyKey,
      }),
    );
    expect(session.enterpriseUuid).toBeNull();

    // The code was used up.
    expectError(await register(form({ username: 'alice_02', email, code })), 'VERIFY_CODE_INVALID');
  });

  it('refuses a user name that exists in any case with U0010, and an e-mail taken since its code with U0011', async () => {
    const email = 'bob@example.com';
    expectOk(await sendCode(email, 'register'));
    const code = await latestCodeFor(dbOf(t), email);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await register(form({ username: 'DEMO-Auto', email, code }), lang),
        'USERNAME_EXISTS',
        lang,
      );
      // An account's address without its code: the code is what fails, so nothing tells it is taken.
      expectError(
        await register(form({ username: 'bob', email: 'Demo-Supplier@tracehub.local', code }), lang),
        'VERIFY_CODE_INVALID',
        lang,
      );
    }
    const en = await register(form({ username: 'demo-auto', email, code }), 'en');
    expect(en.body.msg).toBe('Username exists');
    const zh = await register(form({ username: 'demo-auto', email, code }));
    expect(zh.body.msg).toBe('用户名已存在');
    // None of these used the code up.
    expectOk(await register(form({ username: 'bob', email, code })));

    // The owner of an address that got an account after the code was sent learns that it is taken.
    for (const lang of ['zh', 'en'] as const) {
      const late = `late-${lang}@example.com`;
      expectOk(await sendCode(late, 'register'));
      const lateCode = await latestCodeFor(dbOf(t), late);
      await dbOf(t)
        .insert(users)
        .values({ username: `first_${lang}`, email: late, passwordHash: 'x' });
      const res = await register(form({ username: `second_${lang}`, email: late, code: lateCode }), lang);
      expectError(res, 'EMAIL_EXISTS', lang);
      expect(res.body.msg).toBe(lang === 'en' ? 'Email exists' : '邮箱已存在');
    }
  });

  it('refuses a wrong code with U0008 and lets the right one work before 5 wrong tries', async () => {
    const email = 'carol@example.com';
    expectOk(await sendCode(email, 'register'));
    const code = await latestCodeFor(dbOf(t), email);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await register(form({ username: 'carol', email, code: otherCode(code) }), lang),
        'VERIFY_CODE_INVALID',
        lang,
      );
    }
    const en = await register(form({ username: 'carol', email, code: otherCode(code) }), 'en');
    expect(en.body.msg).toBe('The verification code is wrong or has expired');
    const zh = await register(form({ username: 'carol', email, code: otherCode(code) }));
    expect(zh.body.msg).toBe('验证码错误或已过期');
    // Four wrong tries so far.
    expectOk(await register(form({ username: 'carol', email, code })));
  });

  it('refuses even the right code after 5 wrong tries', async () => {
    const email = 'dave@example.com';
    expectOk(await sendCode(email, 'register'));
    const code = await latestCodeFor(dbOf(t), email);
    for (let i = 0; i < 5; i++) {
      expectError(
        await register(form({ username: 'dave', email, code: otherCode(code) })),
        'VERIFY_CODE_INVALID',
      );
    }
    expectError(await register(form({ username: 'dave', email, code })), 'VERIFY_CODE_INVALID');
    const [row] = await dbOf(t)
      .select()
      .from(mailCodes)
      .where(and(eq(mailCodes.email, email), eq(mailCodes.purpose, 'register')));
    expect(row!.attempts).toBeGreaterThanOrEqual(5);
    expect(row!.consumedAt).toBeNull();
    expect(await dbOf(t).select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('counts wrong tries sent in parallel', async () => {
    const email = 'erin@example.com';
    expectOk(await sendCode(email, 'register'));
    const code = await latestCodeFor(dbOf(t), email);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        register(
          form({
            username: `erin${i}`,
            email,
            code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
          }),
        ),
      ),
    );
    for (const g of guesses) expectError(g, 'VERIFY_CODE_INVALID');
    expectError(await register(form({ username: 'erin', email, code })), 'VERIFY_CODE_INVALID');

    // The same at the service level, where the tries truly overlap on the database.
    const other = 'erin.two@example.com';
    expectOk(await sendCode(other, 'register'));
    const right = await latestCodeFor(dbOf(t), other);
    const tries = await Promise.allSettled(
      Array.from({ length: 8 }, () => consumeMailCode(dbOf(t), other, 'register', otherCode(right))),
    );
    expect(tries.every((r) => r.status === 'rejected')).toBe(true);
    await expect(consumeMailCode(dbOf(t), other, 'register', right)).rejects.toMatchObject({
      key: 'VERIFY_CODE_INVALID',
    });
  });

  it('refuses an expired code', async () => {
    const email = 'frank@example.com';
    expectOk(await sendCode(email, 'register'));
    const code = await latestCodeFor(dbOf(t), email);
    await dbOf(t)
      .update(mailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mailCodes.email, email));
    expectError(await register(form({ username: 'frank', email, code })), 'VERIFY_CODE_INVALID');
  });

  it('applies the password rules of the contract', async () => {
    const bad = [
      'Short1A',
      'alllowercase1',
      'ALLUPPERCASE1',
      'NoDigitsHere',
      'Has space 1A',
      '密码Abcdef12',
      'Abcdef12，',
      'Abcdefghij1234567890X',
    ];
    for (const password of bad) {
      expect(isValidPassword(password), password).toBe(false);
      for (const lang of ['zh', 'en'] as const) {
        const res = await register(form({ password, confirmPassword: password }), lang);
        const message = validationMessage('v.password.format', lang);
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field: 'password', message }] });
      }
    }
    const en = await register(form({ password: 'short', confirmPassword: 'short' }), 'en');
    expect(en.body.msg).toContain(
      'The password must have 8-20 characters with upper and lower case letters and digits',
    );
    // Valid at both ends of the length range: validation passes and the (wrong) code is what fails.
    for (const password of ['Abcdef12', 'Abcdefghij123456789_']) {
      expect(isValidPassword(password)).toBe(true);
      expectError(
        await register(form({ email: 'nocode@example.com', password, confirmPassword: password })),
        'VERIFY_CODE_INVALID',
      );
    }
  });

  it('refuses a confirmation that differs with E1001 "Inconsistent password input"', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await register(form({ confirmPassword: 'Passw0rd?' }), lang);
      const message = validationMessage('v.password.mismatch', lang);
      expectError(res, 'VALIDATION', lang, { detail: message });
      expect(res.body.data).toEqual({ fields: [{ field: 'confirmPassword', message }] });
    }
    const en = await register(form({ confirmPassword: 'passw0rd!' }), 'en');
    expect(en.body.msg).toBe('Invalid request: Inconsistent password input');
    const zh = await register(form({ confirmPassword: 'passw0rd!' }));
    expect(zh.body.msg).toBe('参数校验失败：两次输入的密码不一致');
  });

  it('requires the agreement to be ticked', async () => {
    for (const agreement of [false, undefined, 'true']) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await register(form({ agreement }), lang);
        const message = validationMessage('v.register.agreement', lang);
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field: 'agreement', message }] });
      }
    }
    const en = await register(form({ agreement: false }), 'en');
    expect(en.body.msg).toBe('Invalid request: Please read and tick the user agreement');
  });

  it('checks user name, e-mail and code shapes', async () => {
    const cases: [Record<string, unknown>, string, Parameters<typeof validationMessage>[0]][] = [
      [{ username: '123456' }, 'username', 'v.username.format'],
      [{ username: 'has space' }, 'username', 'v.username.format'],
      [{ username: '中文名字' }, 'username', 'v.username.format'],
      [{ username: 'a'.repeat(31) }, 'username', 'v.username.tooLong'],
      [{ email: 'not-an-email' }, 'email', 'v.email.format'],
      [{ code: '12345' }, 'code', 'v.code.format'],
    ];
    for (const [over, field, key] of cases) {
      const res = await register(form(over), 'en');
      expect(res.body.code, JSON.stringify(over)).toBe('E1001');
      expect(res.body.data).toEqual({ fields: [{ field, message: validationMessage(key, 'en') }] });
    }
  });

  it('signs in with an e-mailed login code, once', async () => {
    const email = 'demo-supplier@tracehub.local';
    expectOk(await sendCode('Demo-Supplier@TraceHub.local', 'login'));
    const code = await latestCodeFor(dbOf(t), email);
    expectError(
      await call(t.app, '/login/verifyLoginMailCode', { body: { email, code: otherCode(code) } }),
      'VERIFY_CODE_INVALID',
    );
    const step = expectOk(
      await call<TLoginStep>(t.app, '/login/verifyLoginMailCode', {
        body: { email: ` ${email.toUpperCase()} `, code },
      }),
    );
    expect(step.enterprises.map((e) => [e.enterpriseUuid, e.examineStatus])).toEqual([[SUPPLIER_UUID, 1]]);
    const session = expectOk(
      await selectEnterprise(t.app, {
        loginAccount: step.loginAccount,
        enterpriseUuid: SUPPLIER_UUID,
        verifyKey: step.verifyKey,
      }),
    );
    expect(session.enterpriseUuid).toBe(SUPPLIER_UUID);
    const info = expectOk(
      await call<{ username: string }>(t.app, '/profile/selectUserInfo', { token: session.token }),
    );
    expect(info.username).toBe('demo-supplier');

    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/login/verifyLoginMailCode', { body: { email, code }, lang }),
        'VERIFY_CODE_INVALID',
        lang,
      );
    }
  });

  it('does not accept a register code for signing in', async () => {
    const email = 'gina@example.com';
    expectOk(await sendCode(email, 'register'));
    const code = await latestCodeFor(dbOf(t), email);
    expectOk(await register(form({ username: 'gina', email, code })));
    // A register code for an account that now exists is never mailed again, and the used one fails.
    expectError(
      await call(t.app, '/login/verifyLoginMailCode', { body: { email, code } }),
      'VERIFY_CODE_INVALID',
    );
  });
});
