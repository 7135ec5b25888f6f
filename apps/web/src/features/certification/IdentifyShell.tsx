import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../../shared/StandalonePage';
import { useSession } from '../../stores/session';
import { useLogoutConfirm } from '../auth/useLogoutConfirm';
import './identify.css';

/** The certification pages' own frame: brand, language, the account and logout; no console menu yet. */
export function IdentifyShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const userInfo = useSession((s) => s.userInfo);
  const confirmLogout = useLogoutConfirm();
  return (
    <StandalonePage
      home="/homePage"
      testId="identify-page"
      actions={
        <>
          {userInfo && <span className="standalone-muted">{userInfo.username}</span>}
          <Button type="text" icon={<LogoutOutlined />} onClick={confirmLogout} data-testid="identify-logout">
            {t('identify.actions.logout')}
          </Button>
        </>
      }
    >
      {children}
    </StandalonePage>
  );
}
