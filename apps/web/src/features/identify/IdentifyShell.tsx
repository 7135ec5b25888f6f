import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../shared/BrandMark';
import { LangSelect } from '../../shared/LangSelect';
import { useSession } from '../../stores/session';
import { useLogoutConfirm } from '../auth/useLogoutConfirm';
import './identify.css';

/** The certification pages' own frame: brand, language, the account and logout; no console menu yet. */
export function IdentifyShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const userInfo = useSession((s) => s.userInfo);
  const confirmLogout = useLogoutConfirm();
  return (
    <div className="identify-page" data-testid="identify-page">
      <header className="identify-header">
        <Link to="/homePage" className="identify-logo">
          <BrandMark size={30} />
          <span>{t('common.productName')}</span>
        </Link>
        <div className="identify-header-right">
          <LangSelect />
          {userInfo && <span className="identify-user">{userInfo.username}</span>}
          <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout} data-testid="identify-logout">
            {t('identify.actions.logout')}
          </Button>
        </div>
      </header>
      <main className="identify-main">{children}</main>
    </div>
  );
}
