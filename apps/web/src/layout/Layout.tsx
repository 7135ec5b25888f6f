import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app';
import { useTabs } from '../stores/tabs';
import { pickLangText, useLang } from '../i18n';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { affixTabs, matchPageRoute, usePageRoutes } from '../app/menuRoutes';
import { LAYOUT_SETTINGS } from '../app/settings';
import { prefetchCurrencies } from '../features/document/queries';
import { Sidebar } from './Sidebar';
import { Navbar } from './Navbar';
import { TagsView } from './TagsView';
import { AppMain } from './AppMain';
import { useResponsiveDevice } from './useResponsiveDevice';
import './layout.css';

/** The console frame (spec 2.5): sidebar, navbar, visited-page tabs and the kept-alive main area. */
export function Layout() {
  const lang = useLang();
  const location = useLocation();
  const routes = usePageRoutes();
  const match = useMemo(() => matchPageRoute(routes, location.pathname), [routes, location.pathname]);
  const opened = useAppStore((s) => s.sidebarOpened);
  const device = useAppStore((s) => s.device);
  const withoutAnimation = useAppStore((s) => s.sidebarWithoutAnimation);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  useResponsiveDevice();

  // Spec 7: the currencies of the document forms are loaded once, when the main layout mounts.
  useEffect(() => {
    void prefetchCurrencies();
  }, []);

  // Fixed tabs come from the menu; restored tabs of pages the menu no longer has are dropped.
  useEffect(() => {
    useTabs.getState().syncWithMenu(affixTabs(routes), new Set(routes.map((r) => r.name)));
  }, [routes]);

  useDocumentTitle(match ? pickLangText(lang, match.route.node.title, match.route.node.titleEn) : null);

  const mobile = device === 'mobile';
  const classes = [
    'app-wrapper',
    opened ? 'sidebar-open' : 'sidebar-collapsed',
    mobile ? 'mobile' : 'desktop',
    withoutAnimation ? 'without-animation' : '',
  ];
  return (
    <div className={classes.join(' ')}>
      {mobile && opened && (
        <div className="drawer-bg" data-testid="sidebar-backdrop" onClick={() => closeSidebar(false)} />
      )}
      <Sidebar match={match} />
      <div className="main-container">
        <div className={LAYOUT_SETTINGS.fixedHeader ? 'app-header fixed' : 'app-header'}>
          <Navbar match={match} />
          {LAYOUT_SETTINGS.tagsView && <TagsView match={match} />}
        </div>
        <AppMain match={match} routes={routes} />
      </div>
    </div>
  );
}
