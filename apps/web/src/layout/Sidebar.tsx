import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { useAppStore } from '../stores/app';
import { pickLangText, useLang } from '../i18n';
import {
  buildSidebar,
  sidebarOpenKeys,
  sidebarSelectedKey,
  type TRouteMatch,
  type TSidebarItem,
} from '../app/menuRoutes';
import { MenuIcon } from './menuIcons';
import { SidebarLogo } from './SidebarLogo';
import { LAYOUT_SETTINGS } from '../app/settings';

type TMenuItem = Required<MenuProps>['items'][number];

/** The small muted sign after an entry whose module is not configured for the enterprise (spec 6). */
function NotConfiguredMarker({ label }: { label: string }) {
  return (
    <span className="menu-not-configured" title={label} aria-label={label} data-testid="menu-not-configured">
      <StopOutlined />
    </span>
  );
}

function toMenuItems(items: readonly TSidebarItem[], lang: 'zh' | 'en', notConfigured: string): TMenuItem[] {
  return items.map((item) => {
    const title = pickLangText(lang, item.node.title, item.node.titleEn);
    const icon = item.node.parentId === 0 || item.node.icon ? <MenuIcon name={item.node.icon} /> : undefined;
    const marker = item.node.configured ? null : <NotConfiguredMarker label={notConfigured} />;
    if (item.children) {
      const label = (
        <>
          {title}
          {marker}
        </>
      );
      return { key: item.key, icon, label, children: toMenuItems(item.children, lang, notConfigured) };
    }
    const label =
      item.node.type === 3 ? (
        <a href={item.node.path} target="_blank" rel="noopener noreferrer">
          {title}
          {marker}
        </a>
      ) : (
        <Link to={item.node.path}>
          {title}
          {marker}
        </Link>
      );
    return { key: item.key, icon, label, title };
  });
}

/** The sidebar: logo and the server's menu tree (spec 2.5), 256 px open, icons only when collapsed. */
export function Sidebar({ match }: { match: TRouteMatch | null }) {
  const lang = useLang();
  const menus = useSession((s) => s.menus);
  const opened = useAppStore((s) => s.sidebarOpened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const collapsed = !opened && !mobile;
  const { t } = useTranslation();
  const notConfigured = t('layout.sidebar.notConfigured');
  const items = useMemo(
    () => toMenuItems(buildSidebar(menus), lang, notConfigured),
    [menus, lang, notConfigured],
  );

  const routeOpenKeys = useMemo(() => (match ? sidebarOpenKeys(match.route) : []), [match]);
  const [openKeys, setOpenKeys] = useState<string[]>(routeOpenKeys);
  // Opening a page inside a closed directory unfolds that directory; the user's other choices stay.
  const [seenRouteKeys, setSeenRouteKeys] = useState(routeOpenKeys);
  if (seenRouteKeys !== routeOpenKeys) {
    setSeenRouteKeys(routeOpenKeys);
    setOpenKeys((keys) => [...new Set([...keys, ...routeOpenKeys])]);
  }

  // Collapsed, submenus open as popups; their keys are kept apart so expanding restores the inline state.
  const [popupKeys, setPopupKeys] = useState<string[]>([]);

  const selectedKeys = match ? [sidebarSelectedKey(match.route)] : [];
  return (
    <aside className="sidebar-container" data-testid="sidebar" data-collapsed={collapsed ? '1' : '0'}>
      {LAYOUT_SETTINGS.sidebarLogo && <SidebarLogo collapsed={collapsed} />}
      <div className="sidebar-menu-scroll">
        <Menu
          mode="inline"
          theme="dark"
          items={items}
          selectedKeys={selectedKeys}
          inlineCollapsed={collapsed}
          openKeys={collapsed ? popupKeys : openKeys}
          onOpenChange={collapsed ? setPopupKeys : setOpenKeys}
        />
      </div>
    </aside>
  );
}
