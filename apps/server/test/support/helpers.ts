import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  ERRORS,
  SUCCESS_CODE,
  errorMessage,
  type TErrorKey,
  type TLang,
  type TLoginStep,
  type TSessionToken,
} from '@tracehub/contract';
import type { Db } from '../../src/db/client.ts';
import { mailOutbox, sessions } from '../../src/db/schema.ts';
import { sha256Hex } from '../../src/platform/crypto.ts';
import { DEMO_PASSWORD, call, type Envelope, type TestApp } from './app.ts';

export type Res<T = unknown> = { status: number; body: Envelope<T>; text: string };

/** The Drizzle handle of the test server's database (PGlite or PostgreSQL). */
export const dbOf = (t: Pick<TestApp, 'app' | 'runtime'>): Db => t.runtime.deps.db;

/** No response may carry a stack trace: no "at fn (file:line:col)" frames, no source paths. */
export function expectNoStack(text: string): void {
  expect(text).not.toMatch(/(?:\\n|\n)\s*at\s+\S/);
  expect(text).not.toMatch(/\bat\s+\S+\s+\([^)]*:\d+:\d+\)/);
  expect(text).not.toMatch(/node_modules|\.(?:ts|js|mjs):\d+/);
}

/** Asserts the HTTP status, the envelope code and the message in `lang`, as the catalogue defines them. */
export function expectError(
  res: Res,
  key: TErrorKey,
  lang: TLang = 'zh',
  params?: Record<string, string | number>,
): void {
  const def = ERRORS[key];
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({
    status: def.http,
    code: def.code,
    msg: errorMessage(key, lang, params),
  });
  expectNoStack(res.text);
}

/** Asserts success and returns the envelope's data. */
export function expectOk<T>(res: Res<T>): T {
  expect({ status: res.status, code: res.body.code }, res.body.msg).toEqual({
    status: 200,
    code: SUCCESS_CODE,
  });
  return res.body.data;
}

/** First sign-in step (password); asserts success. */
export async function loginStep(
  app: FastifyInstance,
  loginAccount: string,
  password: string = DEMO_PASSWORD,
): Promise<TLoginStep> {
  return expectOk(await call<TLoginStep>(app, '/login/loginByPwd', { body: { loginAccount, password } }));
}

/** Second sign-in step with a verifyKey; returns the raw response. */
export function selectEnterprise(
  app: FastifyInstance,
  body: { loginAccount: string; enterpriseUuid?: string | null; verifyKey?: string; isLogined?: boolean },
  token?: string,
): Promise<Res<TSessionToken>> {
  return call<TSessionToken>(app, '/login/selectEnterprise', {
    body: { isLogined: false, ...body },
    ...(token ? { token } : {}),
  });
}

/** The newest mail stored in the outbox for an address. */
export async function latestMailTo(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

/** The 6-digit verification code in a mail body. */
export function codeInMail(body: string): string {
  const m = /\b(\d{6})\b/.exec(body);
  if (!m?.[1]) throw new Error(`no code in mail: ${body}`);
  return m[1];
}

/** The newest verification code mailed to an address. */
export async function latestCodeFor(db: Db, to: string): Promise<string> {
  const mail = await latestMailTo(db, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return codeInMail(mail.body);
}

/** The sessions row of a token (tokens are stored as SHA-256 hashes). */
export async function sessionOf(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!row) throw new Error('no session row for token');
  return row;
}

/** A request in both languages: returns [zh response, en response]. */
export async function inBothLangs<T>(fn: (lang: TLang) => Promise<T>): Promise<[T, T]> {
  return [await fn('zh'), await fn('en')];
}

/**
 * The top-level modules of the menu whose pages are built, in menu order: what an administrator's menu and
 * the role permission tree show. Written out, so that a page served or withdrawn by mistake is noticed.
 */
export const SERVED_MODULES = [
  'Workbench',
  'BasicData',
  'StagePurchase',
  'StageProduction',
  'StageSale',
  'StageLogistics',
  'InternalA',
  'InternalB',
  'InternalC',
  'InternalD',
  'InternalE',
  'DataManagement',
  'Visual',
  'DataChecking',
  'Rule',
  'DailyMonitor',
  'Task',
  'Evidence',
  'Message',
  'Issue',
  'SecretKey',
  'UserCenter',
  'Account',
  'Log',
] as const;
