import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { refreshMenus } from '../auth/session';
import { AccessReason } from './AccessReason';

const WORKBENCH_PATH = '/workbench';

/**
 * Spec 6: the page of a module the platform has not configured for the enterprise, shown in place of the
 * page inside the layout and its tab, naming the module when it is given, and whom to ask: a member its
 * enterprise administrator (by name), the administrator the platform operator. `menuStale`: the server refused the page (B2030) while the menu
 * still called it configured, so the menu is reloaded once for the sidebar to mark it too.
 */
export function ModuleNotConfiguredView({
  menuStale = false,
  moduleName,
}: {
  menuStale?: boolean;
  /** The page's name in the user's language: the message says which module is missing (spec 6, 8). */
  moduleName?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    if (menuStale) void refreshMenus();
  }, [menuStale]);
  return (
    <div className="error-view embedded module-not-configured" data-testid="module-not-configured">
      <Result
        icon={
          <span className="module-not-configured-icon">
            <AppstoreOutlined />
          </span>
        }
        title={<span className="error-view-title">{t('errors.moduleNotConfigured.title')}</span>}
        subTitle={
          <>
            <div>
              {moduleName
                ? t('errors.moduleNotConfigured.namedOnly', { module: moduleName })
                : t('errors.moduleNotConfigured.plain')}
            </div>
            <AccessReason kind="notConfigured" />
          </>
        }
        extra={
          <Button
            type="primary"
            onClick={() => void navigate(WORKBENCH_PATH)}
            data-testid="module-not-configured-back"
          >
            {t('errors.moduleNotConfigured.backToWorkbench')}
          </Button>
        }
      />
    </div>
  );
}
