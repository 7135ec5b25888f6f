import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { FullPageLoading } from '../shared/FullPageLoading';
import { STAGE_FILE_ERROR_LOG_PATH } from '../shared/navigation';
import { NavigationBridge } from './bridges';
import { OPERATOR_PAGES } from '../features/operator/pages';
import { ADD_IDENTIFY_PATH, IDENTIFY_PATH, OperatorRouteGuard, RouteGuard } from './RouteGuard';
import { lazyPage } from './lazyPage';

const HomePage = lazyPage(() => import('../features/home/HomePage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const IdentifyPage = lazyPage(() => import('../features/certification/IdentifyPage'));
const AddIdentifyEnterprisePage = lazyPage(
  () => import('../features/certification/AddIdentifyEnterprisePage'),
);
const OperatorLoginPage = lazyPage(() => import('../features/operator/OperatorLoginPage'));
const OperatorLayout = lazyPage(() => import('../layout/operator/OperatorLayout'));
// The console's frame (sidebar, navbar, tabs) is a chunk of its own: the sign-in page does not load it.
const Layout = lazyPage(async () => ({ default: (await import('../layout/Layout')).Layout }));
const ErrorPage = lazyPage(() => import('../features/errors/ErrorPage'));
const VerifyPage = lazyPage(() => import('../features/verify/VerifyPage'));
const FileErrorLogPage = lazyPage(() => import('../features/file-error-log/FileErrorLogPage'));

/**
 * Public routes, the landing redirects, and everything else inside the console layout, whose pages come
 * from the server's menu (AppMain matches them; unknown paths go to /404). The operator end lives under
 * /operator with its own guard, sign-in and layout.
 *
 * Navigations are not React transitions (useTransitions={false}): every address the browser shows is
 * rendered and committed, so its tab is registered (AppMain) and a page still loading shows its spinner.
 * As transitions, a navigation whose render was still under way when the next one came (a slow machine, a
 * user clicking quickly through the sidebar) was merged into the next and its page never got a tab.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <NavigationBridge />
      <Suspense fallback={<FullPageLoading />}>
        <Routes>
          {/* Anyone may verify evidence; the page needs no session, so it stays outside the guard. */}
          <Route path="/verify" element={<VerifyPage />} />
          <Route element={<RouteGuard />}>
            <Route path="/" element={<Navigate to="/homePage" replace />} />
            <Route path="/homePage" element={<HomePage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/404" element={<ErrorPage code={404} />} />
            <Route path="/403" element={<ErrorPage code={403} />} />
            <Route path="/401" element={<ErrorPage code={401} />} />
            <Route path={IDENTIFY_PATH} element={<IdentifyPage />} />
            <Route path={ADD_IDENTIFY_PATH} element={<AddIdentifyEnterprisePage />} />
            {/* Spec 2.1 lists it among the public routes, outside the console's menu; its data needs a session. */}
            <Route path={STAGE_FILE_ERROR_LOG_PATH} element={<FileErrorLogPage />} />
            <Route path="/home" element={<Navigate to="/workbench" replace />} />
            <Route path="*" element={<Layout />} />
          </Route>
          <Route path="/operator" element={<OperatorRouteGuard />}>
            <Route path="login" element={<OperatorLoginPage />} />
            <Route element={<OperatorLayout />}>
              {OPERATOR_PAGES.map((page) => (
                <Route key={page.key} path={page.path} element={<page.component />} />
              ))}
              <Route path="*" element={<Navigate to="/404" replace />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
