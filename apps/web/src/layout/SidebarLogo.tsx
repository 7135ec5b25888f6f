import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../shared/BrandMark';

export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/home" className="sidebar-logo" title={t('common.productName')}>
      <BrandMark size={28} />
      {!collapsed && (
        <span className="sidebar-logo-text">
          <span className="sidebar-logo-title">Tracehub</span>
          <span className="sidebar-logo-subtitle">{t('common.productTagline')}</span>
        </span>
      )}
    </Link>
  );
}
