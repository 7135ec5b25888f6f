import { api } from '@tracehub/contract';
import { call } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { removeToken, setToken } from '../../api/token';
import { feedback } from '../../shared/feedback';
import { navigateTo } from '../../shared/navigation';
import { i18n } from '../../i18n';
import { sessionProblem } from './sessionCheck';
import { useAppStore } from '../../stores/app';
import { resetSession, useSession } from '../../stores/session';
import { TABS_STORAGE_KEY, useTabs } from '../../stores/tabs';

/**
 * First load with a token (spec 4): user info, then the menu the routes are generated from. A failed call
 * does not stop navigation: the session is marked ready with what arrived. An answer that fails the
 * session checks (sessionCheck.ts) signs the user out.
 */
export async function loadSession(): Promise<void> {
  if (useSession.getState().status === 'loading') return;
  useSession.setState({ status: 'loading' });
  const [userInfo, menus] = await Promise.allSettled([
    call(api.user.selectUserInfo, {}, { silent: true }),
    call(api.user.selectMenusByUserId, {}, { silent: true }),
  ]);
  const problem = userInfo.status === 'fulfilled' ? sessionProblem(userInfo.value) : null;
  if (problem) {
    feedback.message.error(i18n.t(problem));
    clearClientSession();
    navigateTo('/login', { replace: true });
    return;
  }
  useSession.setState({
    status: 'ready',
    userInfo: userInfo.status === 'fulfilled' ? userInfo.value : null,
    menus: menus.status === 'fulfilled' ? menus.value : [],
  });
}

/**
 * Reloads only the menu, without the loading state the first load shows: the sidebar and routes learn of
 * modules the platform configured or unconfigured since sign-in. A failure keeps the menu as it was.
 */
export async function refreshMenus(): Promise<void> {
  const menus = await call(api.user.selectMenusByUserId, {}, { silent: true }).catch(() => null);
  if (menus) useSession.setState({ menus });
}

/**
 * Starts the client on a new session token without reloading the page: every cached answer of the previous
 * session dropped, the tabs reset, then the target route while user info and menus load.
 */
async function startSession(token: string, target: string, tabs: 'clear' | 'keepFixed'): Promise<void> {
  setToken(token);
  if (tabs === 'clear') {
    useTabs.getState().clear();
    sessionStorage.removeItem(TABS_STORAGE_KEY);
  } else {
    useTabs.getState().removeAll();
  }
  queryClient.clear();
  useSession.setState({ token, status: 'idle', userInfo: null, menus: [] });
  // Leave the old page before the new menu arrives, so no tab of another enterprise is reopened.
  navigateTo(target, { replace: true });
  await loadSession();
}

/** Second sign-in step: the chosen enterprise's session, then its landing page (no page reload). */
export async function signInToEnterprise(input: {
  loginAccount: string;
  verifyKey: string;
  enterpriseUuid: string | null;
  target: string;
}): Promise<void> {
  const session = await call(
    api.auth.selectEnterprise,
    {
      isLogined: false,
      loginAccount: input.loginAccount,
      enterpriseUuid: input.enterpriseUuid,
      verifyKey: input.verifyKey,
    },
    { bearer: input.verifyKey },
  );
  // A new sign-in starts with fresh tabs, whoever used this browser tab before.
  await startSession(session.token, input.target, 'clear');
}

/**
 * Changing enterprise (spec 4): new session token, tabs back to the fixed ones, every cached server answer
 * dropped (it belonged to the other tenant), user info and menus reloaded, then the landing route.
 */
export async function switchEnterprise(input: {
  loginAccount: string;
  enterpriseUuid: string;
}): Promise<void> {
  const session = await call(api.auth.selectEnterprise, {
    isLogined: true,
    loginAccount: input.loginAccount,
    enterpriseUuid: input.enterpriseUuid,
  });
  await startSession(session.token, '/home', 'keepFixed');
}

/** Forgets everything of the session in this browser: token, state, tabs, cached data, local storage. */
export function clearClientSession(): void {
  removeToken();
  resetSession();
  useTabs.getState().clear();
  sessionStorage.removeItem(TABS_STORAGE_KEY);
  localStorage.clear();
  useAppStore.getState().resetSidebar();
  queryClient.clear();
}

/**
 * Ends the session on the server (a failure there must not keep the user signed in here) and locally, then
 * loads the login page afresh so nothing of the session survives in memory.
 */
export async function logout(): Promise<void> {
  await call(api.auth.logout, {}, { silent: true }).catch(() => undefined);
  clearClientSession();
  window.location.replace('/login');
}
