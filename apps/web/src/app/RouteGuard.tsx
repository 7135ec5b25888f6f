import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadSession } from '../features/auth/session';
import { OPERATOR_HOME_PATH, OPERATOR_LOGIN_PATH, useOperatorSession } from '../features/operator/session';
import { useSession } from '../stores/session';
import { FullPageLoading } from '../shared/FullPageLoading';

/** Pages anyone may open without a session (spec 2.1). /identify needs a session: it shows the account. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/login',
  '/register',
  '/homePage',
  '/404',
  '/403',
  '/401',
]);

export const IDENTIFY_PATH = '/identify';
/** Certifies an additional enterprise: open to every session, with or without a certified enterprise. */
export const ADD_IDENTIFY_PATH = '/addIdentifyEnterprise';

/**
 * The one route guard (spec 4): token check, first load of user info and menus, and the enterprise gate
 * (no DID: only /identify; DID: /identify goes home).
 */
export function RouteGuard() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const status = useSession((s) => s.status);
  const userInfo = useSession((s) => s.userInfo);
  const path = location.pathname;
  const isPublic = PUBLIC_PATHS.has(path);

  useEffect(() => {
    if (token && status === 'idle') void loadSession();
  }, [token, status]);

  if (!token) {
    if (isPublic) return <Outlet />;
    const redirect = encodeURIComponent(`${path}${location.search}`);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  if (path === '/login') return <Navigate to="/home" replace />;
  if (isPublic) return <Outlet />;
  if (status !== 'ready') return <FullPageLoading />;

  const certified = Boolean(userInfo?.enterpriseDid);
  const certifying = path === IDENTIFY_PATH || path === ADD_IDENTIFY_PATH;
  if (userInfo && !certified && !certifying) return <Navigate to={IDENTIFY_PATH} replace />;
  if (certified && path === IDENTIFY_PATH) return <Navigate to="/home" replace />;
  return <Outlet />;
}

/**
 * The operator end's guard: its pages need an operator session (its own token, never the enterprise one),
 * and its sign-in page sends a signed-in operator on to the first page.
 */
export function OperatorRouteGuard() {
  const location = useLocation();
  const token = useOperatorSession((s) => s.token);
  const onLogin = location.pathname === OPERATOR_LOGIN_PATH;
  if (!token) {
    if (onLogin) return <Outlet />;
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${OPERATOR_LOGIN_PATH}?redirect=${redirect}`} replace />;
  }
  if (onLogin || location.pathname === '/operator' || location.pathname === '/operator/') {
    return <Navigate to={OPERATOR_HOME_PATH} replace />;
  }
  return <Outlet />;
}
