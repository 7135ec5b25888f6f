import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS, LIMITS, errorMessage, validationMessage, type TLang } from '@tracehub/contract';
import { sessions } from '../src/db/schema.ts';
import type { Mailer } from '../src/platform/mail.ts';
import { AUTO_UUID, DEMO_PASSWORD, call, signIn, useTestApp, type TestAppFixture } from './support/app.ts';
import { dbOf, expectError, expectNoStack, expectOk, sessionOf } from './support/helpers.ts';

/** A raw request, for bodies and headers the JSON helper cannot produce. */
async function raw(
  t: TestAppFixture,
  opts: {
    method?: 'POST' | 'GET' | 'PUT';
    url: string;
    contentType?: string;
    payload?: string;
    lang?: string;
  },
) {
  const res = await t.app.inject({
    method: opts.method ?? 'POST',
    url: opts.url,
    headers: {
      ...(opts.contentType ? { 'content-type': opts.contentType } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: string; msg: string; data: unknown },
    text: res.body,
  };
}

describe('error envelope', () => {
  const t = useTestApp();

  it('answers malformed JSON with E1006 in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await raw(t, {
        url: '/api/login/loginByPwd',
        contentType: 'application/json',
        payload: '{"loginAccount": "demo-auto", ',
        lang,
      });
      expectError(res, 'MALFORMED_JSON', lang);
      expect(res.body.data).toBeNull();
    }
    const zh = await raw(t, {
      url: '/api/login/loginByPwd',
      contentType: 'application/json',
      payload: '{bad',
    });
    expect(zh.body.msg).toBe('请求体不是有效的 JSON');
    const en = await raw(t, {
      url: '/api/login/loginByPwd',
      contentType: 'application/json',
      payload: '{bad',
      lang: 'en',
    });
    expect(en.body.msg).toBe('The request body is not valid JSON');
  });

  it('answers missing fields with E1001 and one entry per field in data.fields', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, '/login/loginByPwd', { body: {}, lang });
      const fields = ['loginAccount', 'password'].map((field) => ({
        field,
        message: validationMessage('v.required', lang, { field }),
      }));
      expectError(res, 'VALIDATION', lang, { detail: fields.map((f) => f.message).join('; ') });
      expect(res.body.data).toEqual({ fields });
    }
    const zh = await call(t.app, '/login/loginByPwd', { body: {} });
    expect(zh.body.msg).toBe('参数校验失败：loginAccount不能为空; password不能为空');
    const en = await call(t.app, '/login/loginByPwd', { body: {}, lang: 'en' });
    expect(en.body.msg).toBe('Invalid request: loginAccount is required; password is required');
  });

  it("uses the schema's own message keys (blank account, too-long password)", async () => {
    const res = await call(t.app, '/login/loginByPwd', {
      body: { loginAccount: '   ', password: 'x'.repeat(129) },
      lang: 'en',
    });
    expect(res.body.code).toBe('E1001');
    expect(res.body.data).toEqual({
      fields: [
        { field: 'loginAccount', message: 'Please enter your user name or e-mail' },
        { field: 'password', message: validationMessage('v.tooLong', 'en', { field: 'password', max: 128 }) },
      ],
    });
    const zh = await call(t.app, '/login/loginByPwd', { body: { loginAccount: '', password: 'x' } });
    expect(zh.body.msg).toBe('参数校验失败：请输入用户名或邮箱');
  });

  it('tells a value of the wrong type from a missing one', async () => {
    const res = await call(t.app, '/login/loginByPwd', {
      body: { loginAccount: 12345, password: 'Secret123' },
      lang: 'en',
    });
    expectError(res, 'VALIDATION', 'en', { detail: 'loginAccount has the wrong type' });
    expect(res.body.data).toEqual({
      fields: [
        { field: 'loginAccount', message: validationMessage('v.type', 'en', { field: 'loginAccount' }) },
      ],
    });
    const zh = await call(t.app, '/login/loginByPwd', {
      body: { loginAccount: 'demo-auto', password: null },
    });
    expect(zh.body.msg).toBe('参数校验失败：password格式不正确');
  });

  it('answers a wrong password and an unknown account alike with U0001', async () => {
    const wrong = await call(t.app, '/login/loginByPwd', {
      body: { loginAccount: 'demo-supplier', password: 'Wrong-pass1' },
      lang: 'en',
    });
    expectError(wrong, 'LOGIN_FAILED', 'en');
    expect(wrong.body.msg).toBe('Invaild email/password');
    const unknown = await call(t.app, '/login/loginByPwd', {
      body: { loginAccount: 'nobody-here', password: DEMO_PASSWORD },
    });
    expectError(unknown, 'LOGIN_FAILED', 'zh');
    expect(unknown.body.msg).toBe('邮箱/用户名或密码错误');
  });

  it('answers an unknown route with E1004 naming the method and path (query left out)', async () => {
    const zh = await raw(t, {
      url: '/api/no/such/endpoint?token=abc',
      contentType: 'application/json',
      payload: '{}',
    });
    expectError(zh, 'ROUTE_NOT_FOUND', 'zh', { route: 'POST /api/no/such/endpoint' });
    expect(zh.body.msg).toBe('接口不存在：POST /api/no/such/endpoint');
    const en = await raw(t, { method: 'GET', url: '/api/nope', lang: 'en' });
    expectError(en, 'ROUTE_NOT_FOUND', 'en', { route: 'GET /api/nope' });
    expect(en.body.msg).toBe('No such API: GET /api/nope');
  });

  it('answers a body over 5 MB with E1005, and one just under the limit reaches validation', async () => {
    const over = JSON.stringify({ loginAccount: 'demo-auto', password: 'x'.repeat(LIMITS.fileMaxBytes) });
    for (const lang of ['zh', 'en'] as const) {
      const res = await raw(t, {
        url: '/api/login/loginByPwd',
        contentType: 'application/json',
        payload: over,
        lang,
      });
      expectError(res, 'PAYLOAD_TOO_LARGE', lang);
      expect(res.status).toBe(413);
    }
    const res = await raw(t, {
      url: '/api/login/loginByPwd',
      contentType: 'application/json',
      payload: over,
    });
    expect(res.body.msg).toBe('请求内容过大，最大 5MB');
    const enRes = await raw(t, {
      url: '/api/login/loginByPwd',
      contentType: 'application/json',
      payload: over,
      lang: 'en',
    });
    expect(enRes.body.msg).toBe('The request is too large, the maximum is 5MB');

    const padding = LIMITS.fileMaxBytes - 100;
    const under = JSON.stringify({ loginAccount: 'demo-auto', password: 'x'.repeat(padding) });
    expect(Buffer.byteLength(under)).toBeLessThanOrEqual(LIMITS.fileMaxBytes);
    const ok = await raw(t, {
      url: '/api/login/loginByPwd',
      contentType: 'application/json',
      payload: under,
    });
    expect(ok.body.code).toBe(ERRORS.VALIDATION.code);
  });

  it('answers an unsupported content type with E1007 naming the type', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await raw(t, {
        url: '/api/login/loginByPwd',
        contentType: 'application/xml; charset=utf-8',
        payload: '<login/>',
        lang,
      });
      expectError(res, 'UNSUPPORTED_MEDIA', lang, { type: 'application/xml' });
    }
    const zh = await raw(t, {
      url: '/api/login/loginByPwd',
      contentType: 'application/xml',
      payload: '<a/>',
    });
    expect(zh.body.msg).toBe('不支持的内容类型：application/xml');
    const en = await raw(t, {
      url: '/api/login/loginByPwd',
      contentType: 'application/xml',
      payload: '<a/>',
      lang: 'en',
    });
    expect(en.body.msg).toBe('Unsupported content type: application/xml');
  });

  it('answers a session route without a usable token with U0007', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expectError(await call(t.app, '/profile/selectUserInfo', { lang }), 'NOT_LOGGED_IN', lang);
      expectError(
        await call(t.app, '/profile/selectUserInfo', { lang, token: 'not-a-real-token' }),
        'NOT_LOGGED_IN',
        lang,
      );
    }
    const basic = await call(t.app, '/menu/selectMenusByUserId', {
      headers: { authorization: 'Basic Zm9vOmJhcg==' },
    });
    expectError(basic, 'NOT_LOGGED_IN', 'zh');
    expect(basic.body.msg).toBe('请先登录');
    const garbage = await call(t.app, '/log/selectLogPage', { token: 'x'.repeat(43), lang: 'en' });
    expectError(garbage, 'NOT_LOGGED_IN', 'en');
    expect(garbage.body.msg).toBe('Please sign in first');
  });

  it('answers an expired session with U0005', async () => {
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    expectOk(await call(t.app, '/profile/selectUserInfo', { token }));
    const row = await sessionOf(dbOf(t), token);
    await dbOf(t)
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, row.id));
    for (const lang of ['zh', 'en'] as const) {
      expectError(await call(t.app, '/profile/selectUserInfo', { token, lang }), 'SESSION_EXPIRED', lang);
    }
    const zh = await call(t.app, '/menu/selectMenusByUserId', { token });
    expect(zh.body.msg).toBe('登录已过期，请重新登录');
    const en = await call(t.app, '/menu/selectMenusByUserId', { token, lang: 'en' });
    expect(en.body.msg).toBe('Your session has expired, please sign in again');
    expect(en.status).toBe(401);
  });

  it('answers a session ended by logout with U0009', async () => {
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    expect(expectOk(await call(t.app, '/login/logout', { token }))).toBeNull();
    expect((await sessionOf(dbOf(t), token)).revokedAt).not.toBeNull();
    for (const lang of ['zh', 'en'] as const) {
      expectError(await call(t.app, '/profile/selectUserInfo', { token, lang }), 'SESSION_REVOKED', lang);
    }
    const zh = await call(t.app, '/login/logout', { token });
    expectError(zh, 'SESSION_REVOKED', 'zh');
    expect(zh.body.msg).toBe('会话已失效，请重新登录');
    const en = await call(t.app, '/log/selectLogPage', { token, lang: 'en' });
    expect(en.body.msg).toBe('Your session is no longer valid, please sign in again');
  });

  it('speaks zh without Accept-Language and en for "en-US,en;q=0.9"', async () => {
    const zhOk = await call(t.app, '/health', { method: 'GET' });
    expect(zhOk.body.msg).toBe(ERRORS.SUCCESS.zh);
    expect(zhOk.body.msg).toBe('操作成功');
    const enOk = await call(t.app, '/health', {
      method: 'GET',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(enOk.body.msg).toBe('Success');

    const zhErr = await call(t.app, '/profile/selectUserInfo');
    expect(zhErr.body.msg).toBe(errorMessage('NOT_LOGGED_IN', 'zh'));
    const enErr = await call(t.app, '/profile/selectUserInfo', {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(enErr.body.msg).toBe(errorMessage('NOT_LOGGED_IN', 'en'));
    const zhPreferred = await call(t.app, '/profile/selectUserInfo', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(zhPreferred.body.msg).toBe('请先登录');
  });

  it('answers an unexpected failure with E1000 and no stack trace or internal message', async () => {
    const mailer = t.runtime.deps.mailer;
    const broken: Mailer = {
      send: () => Promise.reject(new Error('SMTP relay exploded at /srv/secret/mailer.ts:42:7')),
    };
    t.runtime.deps.mailer = broken;
    try {
      const results: Record<TLang, Awaited<ReturnType<typeof call>>> = {
        zh: await call(t.app, '/login/getLoginMailVerifyCode', {
          body: { email: 'boom-zh@example.com', purpose: 'register' },
        }),
        en: await call(t.app, '/login/getLoginMailVerifyCode', {
          body: { email: 'boom-en@example.com', purpose: 'register' },
          lang: 'en',
        }),
      };
      for (const lang of ['zh', 'en'] as const) {
        const res = results[lang];
        expectError(res, 'INTERNAL', lang);
        expect(res.status).toBe(500);
        expect(res.body.data).toBeNull();
        expect(res.text).not.toContain('SMTP');
        expect(res.text).not.toContain('exploded');
        expectNoStack(res.text);
      }
      expect(results.zh.body.msg).toBe('系统繁忙，请稍后再试');
      expect(results.en.body.msg).toBe('The system is busy, please try again later');
    } finally {
      t.runtime.deps.mailer = mailer;
    }
  });
});
