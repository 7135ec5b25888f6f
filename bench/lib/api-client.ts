import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.ts';

/** The console's response envelope. */
export interface TEnvelope<T> {
  code: string;
  msg: string;
  data: T;
}

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
