import { Suspense } from 'react';
import { Menu, Spin } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPERATOR_PAGES, operatorPath } from '../../features/operator/pages';
import { useAppStore } from '../../stores/app';
import { BrandMark } from '../../shared/BrandMark';
import { LangSelect } from '../../shared/LangSelect';
import { PageErrorBoundary } from '../../shared/PageErrorBoundary';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { Hamburger } from '../Hamburger';
import { useResponsiveDevice } from '../useResponsiveDevice';
import { OperatorUserMenu } from './OperatorUserMenu';
import '../layout.css';
import './operatorLayout.css';

/**
 * The operator end's frame: the same console look as the enterprise end (256 px collapsible sidebar,
 * navbar, page title), with a fixed menu and its own user menu; no tabs, since its pages are few.
 */
export default function OperatorLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const opened = useAppStore((s) => s.sidebarOpened);
  const device = useAppStore((s) => s.device);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  useResponsiveDevice();

  const page = OPERATOR_PAGES.find((p) => location.pathname.startsWith(operatorPath(p)));
  const title = page ? t(`operator.menu.${page.key}`) : null;
  useDocumentTitle(title);

  const mobile = device === 'mobile';
  const collapsed = !opened && !mobile;
  const classes = ['app-wrapper', 'operator-wrapper', opened ? 'sidebar-open' : 'sidebar-collapsed', device];
  return (
    <div className={classes.join(' ')} data-testid="operator-layout">
      {mobile && opened && <div className="drawer-bg" onClick={() => closeSidebar(false)} />}
      <aside className="sidebar-container" data-testid="operator-sidebar">
        <Link to={operatorPath(OPERATOR_PAGES[0] ?? { path: '' })} className="sidebar-logo">
          <BrandMark size={28} />
          {!collapsed && (
            <span className="sidebar-logo-text">
              <span className="sidebar-logo-title">Tracehub</span>
              <span className="sidebar-logo-subtitle">{t('operator.endName')}</span>
            </span>
          )}
        </Link>
        <div className="sidebar-menu-scroll">
          <Menu
            mode="inline"
            theme="dark"
            inlineCollapsed={collapsed}
            selectedKeys={page ? [page.key] : []}
            items={OPERATOR_PAGES.map((p) => ({
              key: p.key,
              icon: <p.icon />,
              label: (
                <Link to={operatorPath(p)} data-testid={`operator-menu-${p.key}`}>
                  {t(`operator.menu.${p.key}`)}
                </Link>
              ),
            }))}
          />
        </div>
      </aside>
      <div className="main-container">
        <header className="navbar">
          <Hamburger />
          <span className="operator-navbar-title">{t('operator.endName')}</span>
          <div className="navbar-right">
            <LangSelect />
            <OperatorUserMenu />
          </div>
        </header>
        <main className="app-main operator-main">
          {page && (
            <div className="page-title" data-testid="page-title">
              <div className="page-title-text">
                <h1>{title}</h1>
                <p>{t(`operator.pages.${page.key}`)}</p>
              </div>
            </div>
          )}
          <PageErrorBoundary>
            <Suspense
              fallback={
                <div className="page-loading">
                  <Spin />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </main>
      </div>
    </div>
  );
}
