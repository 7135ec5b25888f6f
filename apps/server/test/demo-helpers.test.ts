import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage } from '@tracehub/contract';
import { inArray } from 'drizzle-orm';
import { prepareDatabase } from '../src/bootstrap.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/crypto.ts';
import { DEMO_ACCOUNTS, demoAccountsWithPublishedPassword } from '../src/seed/demo.ts';
import { call, startTestApp, useTestApp, type TestAppFixture } from './support/app.ts';
import { expectNoStack, expectOk, latestCodeFor, dbOf } from './support/helpers.ts';

/**
 * Security review, finding 1: GET /api/dev/outbox/latest gave anyone any account's sign-in code whenever
 * NODE_ENV was not production (what `npm start` runs). Demo helpers are now off unless DEMO_HELPERS is set,
 * and only on a loopback HOST.
 */
const OUTBOX = '/dev/outbox/latest';
const EMAIL = 'demo-auto@tracehub.local';

async function askCode(t: TestAppFixture): Promise<void> {
  expectOk(await call(t.app, '/login/getLoginMailVerifyCode', { body: { email: EMAIL, purpose: 'login' } }));
}

describe('demo helpers are off by default', () => {
  // What `npm start` runs: development, no DEMO_HELPERS.
  const t = useTestApp({}, { NODE_ENV: 'development' });

  it('answers /api/dev/outbox/latest with the unknown-route envelope, even in development', async () => {
    expect(t.runtime.deps.config.DEMO_HELPERS).toBe(false);
    await askCode(t);
    for (const lang of ['zh', 'en'] as const) {
      const res = await call(t.app, OUTBOX, { method: 'GET', query: { email: EMAIL }, lang });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(ERRORS.ROUTE_NOT_FOUND.code);
      expect(res.body.msg).toBe(errorMessage('ROUTE_NOT_FOUND', lang, { route: `GET /api${OUTBOX}` }));
      expect(res.body.data).toBeNull();
      expectNoStack(res.text);
      // Nothing of the code leaks.
      expect(res.text).not.toContain(await latestCodeFor(dbOf(t), EMAIL));
    }
  });
});

describe('demo helpers enabled on a loopback address', () => {
  const t = useTestApp({}, { DEMO_HELPERS: 'true', HOST: '127.0.0.1', NODE_ENV: 'production' });

  it('gives the newest mailed code, whatever NODE_ENV', async () => {
    await askCode(t);
    const res = await call<{ code: string | null }>(t.app, OUTBOX, {
      method: 'GET',
      query: { email: EMAIL },
    });
    expect(expectOk(res).code).toBe(await latestCodeFor(dbOf(t), EMAIL));
  });
});

describe('DEMO_HELPERS configuration', () => {
  it('is off unless set, independent of NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(loadConfig({ NODE_ENV }).DEMO_HELPERS).toBe(false);
    }
    expect(loadConfig({ DEMO_HELPERS: 'false' }).DEMO_HELPERS).toBe(false);
    expect(() => loadConfig({ DEMO_HELPERS: 'yes' })).toThrow(/DEMO_HELPERS/);
  });

  it('refuses to start with a HOST other machines can reach, naming the setting and the reason', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'tracehub.example.com', '128.0.0.1']) {
      const attempt = () => loadConfig({ DEMO_HELPERS: 'true', HOST });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(
        new RegExp(
          `DEMO_HELPERS: is only allowed when HOST is a loopback address .*not ${HOST.replace(/\./g, '\\.')}`,
        ),
      );
    }
  });

  it('accepts loopback addresses: 127.0.0.0/8, ::1 and localhost', () => {
    for (const HOST of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect(loadConfig({ DEMO_HELPERS: 'true', HOST }).DEMO_HELPERS).toBe(true);
    }
    expect(loadConfig({ DEMO_HELPERS: '1' }).DEMO_HELPERS).toBe(true);
  });
});

/**
 * The demo accounts' password is in the README: a server other machines can reach must neither seed them
 * nor serve a database where they still accept it.
 */
describe('demo accounts beyond loopback', () => {
  it('refuses to seed demo data on a HOST other machines can reach', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(
      /SEED_DEMO: must be false when HOST \(0\.0\.0\.0\)/,
    );
    expect(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1' }).SEED_DEMO).toBe(true);
  });

  it('refuses to start beyond loopback while a demo account keeps the published password', async () => {
    const t = await startTestApp();
    try {
      const { database, deps } = t.runtime;
      const exposed = { ...deps.config, HOST: '0.0.0.0', SEED_DEMO: false };
      await expect(prepareDatabase(database, exposed, deps.storage)).rejects.toThrow(
        /HOST: 0\.0\.0\.0 lets other machines connect, but the demo accounts .*demo-auto.* still have the published password/,
      );
      // Once every demo account has another password, the same database may be served.
      await dbOf(t)
        .update(users)
        .set({ passwordHash: await hashPassword('Changed@2026') })
        .where(
          inArray(
            users.username,
            DEMO_ACCOUNTS.map((a) => a.username),
          ),
        );
      expect(await demoAccountsWithPublishedPassword(dbOf(t))).toEqual([]);
      await expect(prepareDatabase(database, exposed, deps.storage)).resolves.toBe(false);
    } finally {
      await t.close();
    }
  });
});
