import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n';
import { useSession } from '../../stores/session';
import { administratorText, roleNamesText } from './access';

/**
 * Why a page is closed to the member and whom to ask (issue 15, item 4): its roles and the enterprise
 * administrator; the administrator itself is pointed to the platform operator, who configures what an
 * enterprise's console offers.
 */
export function AccessReason({ kind }: { kind: 'forbidden' | 'notConfigured' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const userInfo = useSession((s) => s.userInfo);
  if (!userInfo) return null;
  if (userInfo.isEnterpriseAdmin) {
    return (
      <div className="access-reason" data-testid="access-reason">
        {kind === 'forbidden' ? t('errors.access.adminForbidden') : t('errors.access.adminNotConfigured')}
      </div>
    );
  }
  const roles = roleNamesText(userInfo.access, lang);
  const admin = administratorText(userInfo.access, lang) ?? t('errors.access.unknownAdmin');
  return (
    <div className="access-reason" data-testid="access-reason">
      {kind === 'forbidden' && (
        <div>{roles ? t('errors.access.roles', { roles }) : t('errors.access.noRole')}</div>
      )}
      <div>{t('errors.access.askAdmin', { admin })}</div>
    </div>
  );
}
