import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.ts';

/** The console's response envelope. */
export interface TEnvelope<T> {
  code: string;
  msg: string;
  data: T;
}

/** POSTs `body` as JSON to `url`, with a session token when given; answers the envelope as the server sent it. */
export async function postEnvelope<T>(url: string, body: unknown, token?: string): Promise<TEnvelope<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as TEnvelope<T>;
}

/** The authenticated tenant list the request-path benches measure: the account log's first page of 10. */
export const ACCOUNT_LOG_PAGE = {
  path: '/api/log/selectLogPage',
  body: { pageNo: 1, pageSize: 10 },
} as const;

/** One API call as a bench makes it (over HTTP, or by inject): the envelope's data, or an error naming its code. */
export type TApiCall = <T>(path: string, body: unknown, token?: string) => Promise<T>;

export function envelopeData<T>(path: string, envelope: TEnvelope<T>): T {
  if (envelope.code !== '0000') throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Both sign-in steps of a demo-password account through `call`; answers the session token. */
export async function signInWith(call: TApiCall, account: string, enterpriseUuid: string): Promise<string> {
  const step = await call<{ verifyKey: string }>('/login/loginByPwd', {
    loginAccount: account,
    password: DEMO_PASSWORD,
  });
  const session = await call<{ token: string }>('/login/selectEnterprise', {
    isLogined: false,
    loginAccount: account,
    enterpriseUuid,
    verifyKey: step.verifyKey,
  });
  return session.token;
}
