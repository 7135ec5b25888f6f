import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadSession } from '../features/auth/session';
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

/** `/identify?mode=new` certifies an additional enterprise, so it stays open to certified sessions. */
export const IDENTIFY_NEW_QUERY = 'mode=new';

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
  if (userInfo && !certified && path !== '/identify') return <Navigate to="/identify" replace />;
  if (certified && path === '/identify' && !location.search.includes(IDENTIFY_NEW_QUERY)) {
    return <Navigate to="/home" replace />;
  }
  return <Outlet />;
}
