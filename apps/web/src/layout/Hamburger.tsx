import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';

export function Hamburger() {
  const { t } = useTranslation();
  const opened = useAppStore((s) => s.sidebarOpened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  const label = opened ? t('layout.sidebar.collapse') : t('layout.sidebar.expand');
  return (
    <button
      type="button"
      className="icon-button hamburger"
      onClick={toggle}
      aria-label={label}
      title={label}
      data-testid="hamburger"
    >
      {opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
    </button>
  );
}
