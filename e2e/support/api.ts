import type { BrowserContext } from 'playwright-core';
import { DEMO_PASSWORD } from './flows';

export type TEnvelope<T> = { code: string; msg: string; data: T };

/** Calls the API as the console does (JSON, optional bearer token); anything but code 0000 throws. */
export async function post<T = unknown>(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as TEnvelope<T>;
  if (envelope.code !== '0000') throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A session token of a demo account in one of its enterprises, by the API's two sign-in steps. */
export async function apiToken(baseUrl: string, account: string, enterpriseUuid: string): Promise<string> {
  const step = await post<{ verifyKey: string }>(baseUrl, '/login/loginByPwd', {
    loginAccount: account,
    password: DEMO_PASSWORD,
  });
  const session = await post<{ token: string }>(baseUrl, '/login/selectEnterprise', {
    isLogined: false,
    loginAccount: account,
    enterpriseUuid,
    verifyKey: step.verifyKey,
  });
  return session.token;
}

/** The session token the console keeps in its cookie. */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const token = (await context.cookies()).find((c) => c.name === 'tracehub_token')?.value;
  if (!token) throw new Error('No session cookie');
  return token;
}
