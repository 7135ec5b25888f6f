import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, validationMessage, type TUserInfo } from '@tracehub/contract';
import { files, loginAttempts, mailCodes, usernameChanges, users } from '../src/db/schema.ts';
import { verifyPassword } from '../src/platform/crypto.ts';
import { AS_AUTO, AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { MEMBER_PASSWORD, memberWith, signInAs, uniqueName } from './support/accounts.ts';
import {
  dbOf,
  expectError,
  expectOk,
  latestCodeFor,
  latestMailTo,
  loginStep,
  sessionOf,
} from './support/helpers.ts';

const PERSONAL = ['PerBasic', 'EditUserName', 'EditEmail', 'EditPassword', 'EditSession', 'EditProfilePhoto'];

describe('user centre: personal settings (/userCenter/perbasic)', () => {
  const t = useTestApp({ admin: AS_AUTO });
  let initial: string;

  const post = <T = TUserInfo>(path: string, body: unknown, token: string, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const account = async (id: number) => (await dbOf(t).select().from(users).where(eq(users.id, id)))[0]!;

  /** A fresh member with every personal code, signed in. */
  async function person() {
    const { token, member } = await memberWith(t, t.admin, AUTO_UUID, PERSONAL);
    const info = expectOk(await post('/profile/selectUserInfo', {}, token));
    return { token, member, userId: info.userId };
  }

  beforeAll(async () => {
    // The password the test members set for themselves at their first sign-in.
    initial = MEMBER_PASSWORD;
  });

  it('changes the user name at most twice within a year, unique regardless of case', async () => {
    const p = await person();
    const first = uniqueName('Renamed');
    expect(expectOk(await post('/profile/updateUsername', { username: first }, p.token)).username).toBe(
      first,
    );
    // The same name again is no change and does not count.
    expectOk(await post('/profile/updateUsername', { username: first }, p.token));
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/profile/updateUsername', { username: 'DEMO-MULTI' }, p.token, lang),
        'USERNAME_EXISTS',
        lang,
      );
    }
    const second = uniqueName('Again');
    expectOk(await post('/profile/updateUsername', { username: second }, p.token));
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/profile/updateUsername', { username: uniqueName('Third') }, p.token, lang),
        'USERNAME_EDIT_LIMIT',
        lang,
      );
    }
    expect((await account(p.userId)).username).toBe(second);
    const changes = await dbOf(t).select().from(usernameChanges).where(eq(usernameChanges.userId, p.userId));
    expect(changes.map((c) => [c.oldUsername, c.newUsername])).toEqual([
      [p.member.username, first],
      [first, second],
    ]);
    await loginStep(t.app, second, initial);

    // Changes older than 365 days no longer count.
    await dbOf(t)
      .update(usernameChanges)
      .set({ changedAt: new Date(Date.now() - 366 * 24 * 3600_000) })
      .where(eq(usernameChanges.userId, p.userId));
    expectOk(await post('/profile/updateUsername', { username: uniqueName('Later') }, p.token));
    const bad = await post('/profile/updateUsername', { username: '李 四' }, p.token, 'en');
    expect(bad.body.code).toBe('E1001');
  });

  it('changes the names and introduction', async () => {
    const p = await person();
    const info = expectOk(
      await post(
        '/profile/updateNames',
        { chineseName: ' 王五 ', englishName: 'Wu Wang', introduction: '质量部' },
        p.token,
      ),
    );
    expect(info).toMatchObject({ chineseName: '王五', englishName: 'Wu Wang', introduction: '质量部' });
    const cleared = expectOk(await post('/profile/updateNames', {}, p.token));
    expect(cleared).toMatchObject({ chineseName: null, englishName: null, introduction: null });
  });

  it('changes the e-mail address with a code sent to the new address', async () => {
    const p = await person();
    const next = `${uniqueName('moved')}@example.com`;
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/user/sendChangeMailCode', { email: 'Demo-Multi@tracehub.local' }, p.token, lang),
        'EMAIL_EXISTS',
        lang,
      );
    }
    expectOk(await post('/user/sendChangeMailCode', { email: next.toUpperCase() }, p.token));
    const code = await latestCodeFor(dbOf(t), next);
    const again = await post('/user/sendChangeMailCode', { email: next }, p.token, 'en');
    expect(again.body).toMatchObject({ code: ERRORS.VERIFY_CODE_TOO_FREQUENT.code });
    expect(again.body.msg).toMatch(
      /^Verification codes are sent too often, please try again in \d+ seconds$/,
    );
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      expectOk(
        await post<{ valid: boolean }>(
          '/user/checkEmailVerificationCode',
          { email: next, code: wrong },
          p.token,
        ),
      ),
    ).toEqual({ valid: false });
    expect(
      expectOk(
        await post<{ valid: boolean }>('/user/checkEmailVerificationCode', { email: next, code }, p.token),
      ),
    ).toEqual({ valid: true });
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/user/changeMail', { email: next, code: wrong }, p.token, lang),
        'VERIFY_CODE_INVALID',
        lang,
      );
    }
    // Every try counted, although the failed requests were rolled back otherwise.
    const [row] = await dbOf(t)
      .select()
      .from(mailCodes)
      .where(eq(mailCodes.email, next))
      .orderBy(desc(mailCodes.id))
      .limit(1);
    expect(row!.attempts).toBe(4);

    const info = expectOk(await post('/user/changeMail', { email: next, code }, p.token));
    expect(info.email).toBe(next);
    expect((await latestMailTo(dbOf(t), p.member.email))!.body).toContain(next);
    expectError(await post('/user/changeMail', { email: next, code }, p.token), 'EMAIL_EXISTS');
    await loginStep(t.app, next, initial);
  });

  it('binds the code to the account that asked for it, and gives up after five tries', async () => {
    const a = await person();
    const b = await person();
    const target = `${uniqueName('target')}@example.com`;
    expectOk(await post('/user/sendChangeMailCode', { email: target }, b.token));
    const code = await latestCodeFor(dbOf(t), target);
    expectError(await post('/user/changeMail', { email: target, code }, a.token), 'VERIFY_CODE_INVALID');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expectError(
        await post('/user/changeMail', { email: target, code: wrong }, b.token),
        'VERIFY_CODE_INVALID',
      );
    }
    expectError(await post('/user/changeMail', { email: target, code }, b.token), 'VERIFY_CODE_INVALID');
    expect((await account(b.userId)).email).toBe(b.member.email);
  });

  it('changes the password after checking the current one and ends the other sessions', async () => {
    const p = await person();
    const other = await signInAs(t.app, p.member.username, initial, AUTO_UUID);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post(
          '/profile/updatePassword',
          { oldPassword: 'Wrong@1234', password: 'Next@12345', confirmPassword: 'Next@12345' },
          p.token,
          lang,
        ),
        'PASSWORD_WRONG',
        lang,
      );
      const mismatch = await post(
        '/profile/updatePassword',
        { oldPassword: initial, password: 'Next@12345', confirmPassword: 'Next@12346' },
        p.token,
        lang,
      );
      expect(mismatch.body.data).toEqual({
        fields: [{ field: 'confirmPassword', message: validationMessage('v.password.mismatch', lang) }],
      });
      const weak = await post(
        '/profile/updatePassword',
        { oldPassword: initial, password: 'weakpass', confirmPassword: 'weakpass' },
        p.token,
        lang,
      );
      expect(weak.body.code).toBe('E1001');
    }
    expect(
      (
        await post(
          '/profile/updatePassword',
          { oldPassword: 'x', password: 'Next@12345', confirmPassword: 'Next@12345' },
          p.token,
          'en',
        )
      ).body.msg,
    ).toBe('Invaild password');
    // Three wrong tries: this client waits 2 s before the next (modules/auth/throttle.ts); let them pass.
    await dbOf(t)
      .update(loginAttempts)
      .set({ createdAt: sql`${loginAttempts.createdAt} - interval '2 seconds'` });
    expectOk(
      await post(
        '/profile/updatePassword',
        { oldPassword: initial, password: 'Next@12345', confirmPassword: 'Next@12345' },
        p.token,
      ),
    );
    expect(await verifyPassword((await account(p.userId)).passwordHash, 'Next@12345')).toBe(true);
    expectOk(await post('/profile/selectUserInfo', {}, p.token));
    expectError(await post('/profile/selectUserInfo', {}, other), 'SESSION_REVOKED');
    await signInAs(t.app, p.member.username, 'Next@12345', AUTO_UUID);
  });

  it('locks out guessing the current password like failed sign-ins', async () => {
    const p = await person();
    const body = { oldPassword: 'Guess@1234', password: 'Next@12345', confirmPassword: 'Next@12345' };
    // Three wrong tries, then this client waits before the next (modules/auth/throttle.ts).
    for (let i = 0; i < 3; i++)
      expectError(await post('/profile/updatePassword', body, p.token), 'PASSWORD_WRONG');
    const locked = await post<{ retryAfterSeconds: number }>(
      '/profile/updatePassword',
      { ...body, oldPassword: initial },
      p.token,
    );
    const seconds = locked.body.data.retryAfterSeconds;
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(2);
    expectError(locked, 'LOGIN_LOCKED', 'zh', { seconds });
  });

  it('sets the session timeout between 30 and 720 minutes; the current session follows', async () => {
    const p = await person();
    for (const minutes of [29, 721]) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/user/changeExpireTime', { minutes }, p.token, lang);
        expect(res.body.code).toBe('E1001');
      }
    }
    const info = expectOk(await post('/user/changeExpireTime', { minutes: 720 }, p.token));
    expect(info.sessionTimeoutMinutes).toBe(720);
    const session = await sessionOf(dbOf(t), p.token);
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 719 * 60_000);
    expect((await account(p.userId)).sessionTimeoutMin).toBe(720);
  });

  it("uses the caller's own avatar upload of this enterprise as the profile photo", async () => {
    const p = await person();
    const upload = (fileKey: string, values: Partial<typeof files.$inferInsert>) =>
      dbOf(t)
        .insert(files)
        .values({
          fileKey,
          ownerUserId: p.userId,
          enterpriseUuid: AUTO_UUID,
          bizType: 'avatar',
          fileName: 'me.png',
          contentType: 'image/png',
          size: 10,
          sha256: '0'.repeat(64),
          storagePath: 'x',
          ...values,
        });
    const own = `avatar-${p.userId}`;
    await upload(own, {});
    await upload(`${own}-licence`, { bizType: 'businessLicence' });
    await upload(`${own}-other`, { ownerUserId: 1 });
    await upload(`${own}-supplier`, { enterpriseUuid: SUPPLIER_UUID });
    for (const key of [`${own}-licence`, `${own}-other`, `${own}-supplier`, 'no-such-key']) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/profile/updateAvatar', { fileKey: key }, p.token, lang);
        expect(res.body).toMatchObject({
          code: 'E1001',
          data: {
            fields: [
              {
                field: 'fileKey',
                message: validationMessage('v.profile.avatar', lang, { field: 'fileKey' }),
              },
            ],
          },
        });
      }
    }
    const info = expectOk(await post('/profile/updateAvatar', { fileKey: own }, p.token));
    expect(info.userPictureFileUrl).toBe(`/api/file/view?fileKey=${own}`);
    expect((await account(p.userId)).avatarUrl).toBe(`/api/file/view?fileKey=${own}`);
    expect(
      await dbOf(t)
        .select({ k: files.fileKey })
        .from(files)
        .where(and(eq(files.ownerUserId, p.userId), eq(files.bizType, 'avatar'))),
    ).toHaveLength(2);
  });

  it("returns the account's enterprises in the user info from inside a tenant request", async () => {
    const multi = await signIn(t.app, 'demo-multi', AUTO_UUID);
    const before = expectOk(await post('/profile/selectUserInfo', {}, multi));
    const info = expectOk(await post('/profile/updateNames', { chineseName: '多企业' }, multi));
    expect(info.enterprises).toEqual(before.enterprises);
    expect(info.enterprises).toHaveLength(4);
  });
});
