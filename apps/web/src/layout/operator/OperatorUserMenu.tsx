import { Avatar, Dropdown } from 'antd';
import { CaretDownOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pickLangText, useLang } from '../../i18n';
import { useConfirm } from '../../shared/confirm';
import { useOperatorInfo } from '../../features/operator/queries';
import { operatorLogout } from '../../features/operator/session';

/** The signed-in operator and the operator end's logout (with the spec's confirmation). */
export function OperatorUserMenu() {
  const { t } = useTranslation();
  const lang = useLang();
  const confirm = useConfirm();
  const info = useOperatorInfo(true).data;
  const name = info ? pickLangText(lang, info.chineseName, info.englishName) || info.username : '';

  const confirmLogout = () =>
    void confirm({
      title: 'common.dialog.prompt',
      content: t('operator.layout.logoutConfirm'),
      onConfirm: operatorLogout,
    });

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="operator-logout">{t('operator.layout.logout')}</span>,
          },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') confirmLogout();
        },
      }}
    >
      <button type="button" className="user-dropdown" data-testid="operator-user">
        <Avatar size={32} className="user-avatar">
          {(info?.username ?? 'O').charAt(0).toUpperCase()}
        </Avatar>
        <span className="user-dropdown-text">
          <span className="user-dropdown-name">{name || t('operator.layout.operator')}</span>
          <span className="user-dropdown-enterprise">{t('operator.layout.operator')}</span>
        </span>
        <CaretDownOutlined className="user-dropdown-caret" />
      </button>
    </Dropdown>
  );
}
