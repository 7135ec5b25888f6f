import { Activity, Suspense, useEffect, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Spin } from 'antd';
import { useTabs } from '../stores/tabs';
import { stripCacheFlag } from '../shared/cacheFlag';
import { pickLangText, useLang } from '../i18n';
import { PageErrorBoundary } from '../shared/PageErrorBoundary';
import { isConsolePage, tabOfRoute, type TPageRoute, type TRouteMatch } from '../app/menuRoutes';
import { pageEntry } from '../app/pages';
import { ErrorView } from '../features/errors/ErrorView';
import { ModuleNotConfiguredView } from '../features/errors/ModuleNotConfiguredView';
import { useModuleGate } from '../stores/moduleGate';
import { PageTitle } from './PageTitle';
import { REDIRECT_PREFIX } from './useTabActions';

/**
 * One page with its title. A page of a module the platform has not configured for the enterprise (its
 * menu node says so, or the server answered B2030 for this path) shows the message instead (spec 6).
 */
function PageFrame({ route }: { route: TPageRoute }) {
  const entry = pageEntry(route.name);
  const Page = entry?.component;
  // The tab's own location: kept-alive pages render under theirs, not the browser's.
  const { pathname } = useLocation();
  const refused = useModuleGate((s) => s.blocked.has(pathname));
  const lang = useLang();
  if (refused || !route.node.configured) {
    return (
      <>
        <PageTitle route={route} />
        <ModuleNotConfiguredView
          menuStale={route.node.configured}
          moduleName={pickLangText(lang, route.node.title, route.node.titleEn)}
        />
      </>
    );
  }
  return (
    <>
      {!entry?.ownHeader && <PageTitle route={route} />}
      <PageErrorBoundary>
        <Suspense
          fallback={
            <div className="page-loading">
              <Spin />
            </div>
          }
        >
          {Page ? <Page /> : <ErrorView code={404} embedded />}
        </Suspense>
      </PageErrorBoundary>
    </>
  );
}

/**
 * The main area. Every open tab's page stays mounted inside its own <Routes location> (so it keeps its own
 * path and params) and React's <Activity>: only the active one is visible, the others keep their state
 * until their tab closes. noCache pages are rendered only while active.
 */
export function AppMain({ match, routes }: { match: TRouteMatch | null; routes: readonly TPageRoute[] }) {
  const location = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const refreshKeys = useTabs((s) => s.refreshKeys);
  const openTab = useTabs((s) => s.openTab);
  const search = stripCacheFlag(location.search);
  const activeTab = useMemo(
    () => (match ? tabOfRoute(match.route, `${location.pathname}${search}`) : null),
    [match, location.pathname, search],
  );

  useEffect(() => {
    if (activeTab) openTab(activeTab);
  }, [activeTab, openTab]);

  const redirecting = location.pathname.startsWith(`${REDIRECT_PREFIX}/`);
  if (!match && !redirecting) {
    // A page of the console the member's roles do not grant: say so (403, with whom to ask), not 404.
    if (isConsolePage(location.pathname)) {
      return (
        <main className="app-main">
          <ErrorView code={403} embedded />
        </main>
      );
    }
    return <Navigate to="/404" replace />;
  }

  // The active page renders before its tab is stored; appending it keeps its key and position stable.
  const shown = activeTab && !tabs.some((t) => t.name === activeTab.name) ? [...tabs, activeTab] : tabs;
  return (
    <main className="app-main">
      {redirecting && (
        <Navigate to={`${location.pathname.slice(REDIRECT_PREFIX.length)}${location.search}`} replace />
      )}
      {shown.map((tab) => {
        const route = routes.find((r) => r.name === tab.name);
        const active = tab.name === match?.route.name;
        if (!route || (tab.noCache && !active)) return null;
        return (
          <Activity key={`${tab.name}#${refreshKeys[tab.name] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
            <div className="app-page" data-page={tab.name}>
              <Routes location={active ? location : tab.fullPath}>
                <Route path={route.path} element={<PageFrame route={route} />} />
              </Routes>
            </div>
          </Activity>
        );
      })}
    </main>
  );
}
