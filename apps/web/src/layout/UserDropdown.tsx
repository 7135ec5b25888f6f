import { useState } from 'react';
import { Dropdown } from 'antd';
import {
  CaretDownOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { pickLangText, useLang } from '../i18n';
import { SelectEnterpriseDialog } from '../features/auth/SelectEnterpriseDialog';
import { useLogoutConfirm } from '../features/auth/useLogoutConfirm';
import { ADD_IDENTIFY_PATH } from '../app/RouteGuard';
import { UserAvatar } from '../shared/UserAvatar';

export function UserDropdown() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);
  const confirmLogout = useLogoutConfirm();
  const [switching, setSwitching] = useState(false);

  const enterpriseName = pickLangText(lang, userInfo?.enterpriseName, userInfo?.enterpriseEnglishName);
  const items = [
    { key: 'switch', icon: <SwapOutlined />, label: t('layout.user.switchCompany') },
    { key: 'certify', icon: <SafetyCertificateOutlined />, label: t('layout.user.certifyCompany') },
    { key: 'center', icon: <UserOutlined />, label: t('layout.user.userCenter') },
    { type: 'divider' as const },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="logout">{t('layout.user.logout')}</span>,
    },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key === 'switch') setSwitching(true);
    else if (key === 'certify') void navigate(ADD_IDENTIFY_PATH);
    else if (key === 'center') void navigate('/userCenter/perbasic');
    else if (key === 'logout') confirmLogout();
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        <button type="button" className="user-dropdown" data-testid="user-dropdown">
          <UserAvatar
            size={32}
            className="user-avatar"
            fallback={userInfo?.username.charAt(0).toUpperCase()}
          />
          <span className="user-dropdown-text">
            <span className="user-dropdown-name">{userInfo?.username}</span>
            {enterpriseName && <span className="user-dropdown-enterprise">{enterpriseName}</span>}
          </span>
          <CaretDownOutlined className="user-dropdown-caret" />
        </button>
      </Dropdown>
      <SelectEnterpriseDialog mode="switch" open={switching} onClose={() => setSwitching(false)} />
    </>
  );
}
