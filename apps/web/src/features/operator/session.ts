import { create } from 'zustand';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { getToken, removeToken, setToken } from '../../api/token';
import { operatorKeys } from './queries';

export const OPERATOR_LOGIN_PATH = '/operator/login';
export const OPERATOR_HOME_PATH = '/operator/enterprise';

/**
 * The operator end's session as the client knows it: only the token (its own cookie). Who is signed in is
 * asked from the server (operator info) by the layout.
 */
export const useOperatorSession = create<{ token: string | null }>()(() => ({
  token: getToken('operator') ?? null,
}));

export async function operatorSignIn(input: { loginAccount: string; password: string }): Promise<void> {
  const session = await call(api.operator.login, input, { session: 'operator' });
  setToken(session.token, 'operator');
  queryClient.removeQueries({ queryKey: operatorKeys.all });
  useOperatorSession.setState({ token: session.token });
}

/**
 * Ends the operator session on the server (a failure there must not keep it here) and in this browser, then
 * loads the sign-in page afresh so nothing of the session survives in memory.
 */
export async function operatorLogout(): Promise<void> {
  await call(api.operator.logout, {}, { silent: true }).catch(() => undefined);
  removeToken('operator');
  window.location.replace(OPERATOR_LOGIN_PATH);
}
