import { useTranslation } from 'react-i18next';
import type { TUserInfo } from '@tracehub/contract';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { useSession } from '../../stores/session';

/** The user's basic information (spec 2.2 /userCenter/perbasic). */
export default function PerBasicPage() {
  const { t } = useTranslation();
  const userInfo = useSession((s) => s.userInfo);
  const fields: TDetailField<TUserInfo>[] = [
    { key: 'username', label: 'userCenter.perbasic.username' },
    { key: 'email', label: 'userCenter.perbasic.email' },
    { key: 'chineseName', label: 'userCenter.perbasic.chineseName' },
    { key: 'englishName', label: 'userCenter.perbasic.englishName' },
    {
      key: 'sessionTimeoutMinutes',
      label: 'userCenter.perbasic.sessionTimeout',
      value: (u) => t('userCenter.perbasic.minutes', { value: u.sessionTimeoutMinutes }),
    },
    {
      key: 'lastLoginTime',
      label: 'userCenter.perbasic.lastLogin',
      value: (u) => formatDateTime(u.lastLoginTime),
    },
    { key: 'introduction', label: 'userCenter.perbasic.introduction', wide: true },
  ];
  return (
    <DetailCard
      title={t('userCenter.perbasic.card')}
      record={userInfo}
      fields={fields}
      testId="perbasic-card"
    />
  );
}
