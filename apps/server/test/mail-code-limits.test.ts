import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, type TLang } from '@tracehub/contract';
import { mailCodes, mailOutbox } from '../src/db/schema.ts';
import { MAIL_CODE } from '../src/modules/auth/mail-code.ts';
import { startTestApp, useTestApp, type Envelope, type TestApp } from './support/app.ts';
import { dbOf, expectError, expectOk, latestCodeFor } from './support/helpers.ts';

type Res = { status: number; body: Envelope; text: string };

describe('e-mailed code requests: same answer for every address, limited per address and client', () => {
  const t = useTestApp();
  /** A code request from a client (socket) address; each case uses its own client. */
  const ask = async (
    email: string,
    purpose: 'login' | 'register',
    from: string,
    lang: TLang = 'zh',
  ): Promise<Res> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/getLoginMailVerifyCode',
      remoteAddress: from,
      headers: { 'accept-language': lang },
      payload: { email, purpose },
    });
    return { status: res.statusCode, body: res.json() as Envelope, text: res.body };
  };
  const mailsTo = (to: string) => dbOf(t).select().from(mailOutbox).where(eq(mailOutbox.to, to));
  /** Moves the codes of an address back in time, as if that many seconds had passed. */
  const age = (seconds: number, email?: string) =>
    dbOf(t)
      .update(mailCodes)
      .set({ createdAt: sql`${mailCodes.createdAt} - make_interval(secs => ${seconds})` })
      .where(email ? eq(mailCodes.email, email) : undefined);
  /** The seconds a limit answer asks to wait, after checking its message says exactly that. */
  const retrySeconds = (res: Res, key: 'TOO_MANY_REQUESTS' | 'VERIFY_CODE_TOO_FREQUENT', lang: TLang) => {
    const seconds = (res.body.data as { retryAfterSeconds: number }).retryAfterSeconds;
    expectError(res, key, lang, { seconds });
    return seconds;
  };

  it('answers a sign-in code request for a known and an unknown address identically, mailing only the known', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const from = lang === 'zh' ? '192.0.2.1' : '192.0.2.2';
      const known = await ask(
        lang === 'zh' ? 'demo-auto@tracehub.local' : 'demo-supplier@tracehub.local',
        'login',
        from,
        lang,
      );
      const unknown = await ask(`nobody-${lang}@example.com`, 'login', from, lang);
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(expectOk(unknown)).toEqual({
        expiresInSeconds: MAIL_CODE.ttlSeconds,
        resendAfterSeconds: MAIL_CODE.resendSeconds,
      });
      // The interval holds alike too: the second request within it is refused for both.
      const [again, againUnknown] = [
        await ask(
          lang === 'zh' ? 'demo-auto@tracehub.local' : 'demo-supplier@tracehub.local',
          'login',
          from,
          lang,
        ),
        await ask(`nobody-${lang}@example.com`, 'login', from, lang),
      ];
      expect(again.body.code).toBe('U0015');
      expect([againUnknown.status, againUnknown.body.code]).toEqual([again.status, again.body.code]);
      retrySeconds(againUnknown, 'VERIFY_CODE_TOO_FREQUENT', lang);
    }
    expect(await mailsTo('demo-auto@tracehub.local')).toHaveLength(1);
    expect(await mailsTo('nobody-zh@example.com')).toEqual([]);
    expect(await mailsTo('nobody-en@example.com')).toEqual([]);
    // The unknown address's code exists nowhere but as a hash: no guess signs anyone in.
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/login/verifyLoginMailCode',
      payload: { email: 'nobody-zh@example.com', code: '123456' },
    });
    expect(guess.json()).toMatchObject({ code: 'U0008' });
  });

  it("answers a registration code request for an account's address like a free one, with a notice instead of a code", async () => {
    const from = '192.0.2.3';
    const taken = await ask('Demo-Multi@tracehub.local', 'register', from, 'en');
    const free = await ask('newcomer@example.com', 'register', from, 'en');
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual(free.body);
    expectOk(taken);
    const [notice] = await mailsTo('demo-multi@tracehub.local');
    expect(notice!.subject).toBe('Tracehub 注册提醒 / registration notice');
    expect(notice!.body).toContain('already has an account');
    expect(notice!.body).not.toMatch(/\b\d{6}\b/);
    expect(await latestCodeFor(dbOf(t), 'newcomer@example.com')).toMatch(/^\d{6}$/);
    const again = await ask('demo-multi@tracehub.local', 'register', from, 'en');
    retrySeconds(again, 'VERIFY_CODE_TOO_FREQUENT', 'en');
    expect(await mailsTo('demo-multi@tracehub.local')).toHaveLength(1);
  });

  it('sends one code per address every minute and at most 5 an hour, whatever the client', async () => {
    expect(MAIL_CODE.perAddressPerHour).toBe(5);
    const email = 'busy@example.com';
    for (let i = 1; i <= MAIL_CODE.perAddressPerHour; i++) {
      // A new client each time: the address's limit does not depend on who asks.
      expectOk(await ask(email, i % 2 ? 'register' : 'login', `192.0.2.${20 + i}`));
      const early = await ask(email, i % 2 ? 'register' : 'login', '192.0.2.99');
      const seconds = retrySeconds(early, 'VERIFY_CODE_TOO_FREQUENT', 'zh');
      expect(seconds).toBeLessThanOrEqual(MAIL_CODE.resendSeconds);
      await age(MAIL_CODE.resendSeconds, email);
    }
    for (const lang of ['zh', 'en'] as const) {
      const refused = await ask(email, 'register', '192.0.2.30', lang);
      const seconds = retrySeconds(refused, 'TOO_MANY_REQUESTS', lang);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('E1009');
      // The oldest of the five leaves the hour after about 55 of its minutes.
      expect(seconds).toBeGreaterThan(3600 - 6 * MAIL_CODE.resendSeconds);
      expect(seconds).toBeLessThanOrEqual(3600 - 5 * MAIL_CODE.resendSeconds + 5);
    }
    expect(errorMessage('TOO_MANY_REQUESTS', 'zh', { seconds: 9 })).toBe('请求过于频繁，请 9 秒后再试');
    expect(errorMessage('TOO_MANY_REQUESTS', 'en', { seconds: 9 })).toBe(
      'Too many requests, please try again in 9 seconds',
    );
    // Three of the five were registration codes to a free address: three mails, nothing more.
    expect(await mailsTo(email)).toHaveLength(3);
    await age(3600, email);
    expectOk(await ask(email, 'register', '192.0.2.30'));
  });

  it('refuses the 31st code request from one client within the hour with E1009 and mails nothing for it', async () => {
    expect(MAIL_CODE.perClientPerHour).toBe(30);
    const from = '203.0.113.30';
    const addresses = Array.from({ length: 31 }, (_, i) => `spray-${i + 1}@example.com`);
    for (const email of addresses.slice(0, 30)) expectOk(await ask(email, 'register', from));
    for (const lang of ['zh', 'en'] as const) {
      const refused = await ask(addresses[30]!, 'register', from, lang);
      const seconds = retrySeconds(refused, 'TOO_MANY_REQUESTS', lang);
      expect(seconds).toBeGreaterThan(3500);
      expect(seconds).toBeLessThanOrEqual(3600);
    }
    expect(await mailsTo(addresses[30]!)).toEqual([]);
    const sent = await dbOf(t)
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} like 'spray-%'`);
    expect(sent[0]!.n).toBe(30);
    // Another client is not affected.
    expectOk(await ask(addresses[30]!, 'register', '203.0.113.31'));
  });

  it('holds the client limit when its requests arrive at once (on PostgreSQL: several connections)', async () => {
    const from = '203.0.113.40';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ask(`burst-${i}@example.com`, 'register', from)),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '0000')).toHaveLength(MAIL_CODE.perClientPerHour);
    expect(codes.filter((c) => c === 'E1009')).toHaveLength(40 - MAIL_CODE.perClientPerHour);
    const sent = await dbOf(t)
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} like 'burst-%'`);
    expect(sent[0]!.n).toBe(MAIL_CODE.perClientPerHour);
  });
});

describe('code mails over SMTP', () => {
  let t: TestApp;
  let smtp: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // A mail server that accepts connections and never says a word: whoever waits for it, waits long.
    smtp = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as AddressInfo;
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => smtp.close(resolve));
    await t.close();
  });

  it('answers without waiting for the mail server, so a sent code and none look alike', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/getLoginMailVerifyCode',
        payload: { email, purpose: 'login' },
      });
    const [known, unknown] = await Promise.all([ask('demo-auto@tracehub.local'), ask('nobody@example.com')]);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    // The code mail is in the outbox, still on its way: the answer did not wait for the server.
    const [mail] = await dbOf(t)
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'demo-auto@tracehub.local'));
    expect(mail!.status).toBe('stored');
    expect(await dbOf(t).select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@example.com'))).toEqual(
      [],
    );
  });
});
