import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from './session';

/** Logout with the spec's confirmation ("Confirm to logout?"). */
export function useLogoutConfirm(): () => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return () => {
    modal.confirm({
      title: t('common.dialog.prompt'),
      content: t('auth.logout.confirm'),
      okText: t('common.actions.confirm'),
      cancelText: t('common.actions.cancel'),
      onOk: () => logout(),
    });
  };
}
