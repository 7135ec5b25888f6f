import type { Runtime } from '../../apps/server/src/bootstrap.ts';
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

/** API calls over HTTP to the server at `base` (its origin). */
export const httpCall =
  (base: string): TApiCall =>
  async <T>(path: string, body: unknown, token?: string) =>
    envelopeData(path, await postEnvelope<T>(`${base}/api${path}`, body, token));

/** API calls by inject into a bench's runtime (the whole request path, no socket). */
export function injectCall(runtime: Runtime): TApiCall {
  return async <T>(path: string, body: unknown, token?: string) => {
    const res = await runtime.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object,
    });
    return envelopeData(path, res.json() as TEnvelope<T>);
  };
}

/**
 * Both sign-in steps of a demo-password account through `call`, into `enterpriseUuid` (by default the first
 * enterprise the account belongs to); answers the session token and its enterprise.
 */
export async function signInSession(
  call: TApiCall,
  account: string,
  enterpriseUuid?: string,
): Promise<{ token: string; enterpriseUuid: string }> {
  const step = await call<{ verifyKey: string; enterprises: { enterpriseUuid: string }[] }>(
    '/login/loginByPwd',
    { loginAccount: account, password: DEMO_PASSWORD },
  );
  const chosen = enterpriseUuid ?? step.enterprises[0]!.enterpriseUuid;
  const session = await call<{ token: string }>('/login/selectEnterprise', {
    isLogined: false,
    loginAccount: account,
    enterpriseUuid: chosen,
    verifyKey: step.verifyKey,
  });
  return { token: session.token, enterpriseUuid: chosen };
}

/** signInSession's token. */
export const signInWith = async (call: TApiCall, account: string, enterpriseUuid?: string): Promise<string> =>
  (await signInSession(call, account, enterpriseUuid)).token;
