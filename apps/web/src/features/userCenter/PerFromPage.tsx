import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TUserInfo } from '@tracehub/contract';
import { SceneTitle } from '../../layout/SceneTitle';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { StatusBadge } from '../../shared/StatusBadge';
import { useSession } from '../../stores/session';

const AUTOMAKER_ROLE = 1;
const AUTH_CERTIFIED = 2;
const AUTH_SUBMITTED = 1;

/** The current enterprise's information (spec 2.2 /userCenter/perfrom). */
export default function PerFromPage() {
  const { t } = useTranslation();
  const userInfo = useSession((s) => s.userInfo);
  const copyable = (text: string | null) =>
    text ? (
      <Typography.Text copyable className="mono-text">
        {text}
      </Typography.Text>
    ) : null;
  const fields: TDetailField<TUserInfo>[] = [
    { key: 'enterpriseName', label: 'userCenter.perfrom.enterpriseName' },
    { key: 'enterpriseEnglishName', label: 'userCenter.perfrom.enterpriseEnglishName' },
    {
      key: 'scene',
      label: 'userCenter.perfrom.scene',
      value: (u) => (u.scene ? <SceneTitle scene={u.scene} /> : null),
    },
    {
      key: 'enterpriseRole',
      label: 'userCenter.perfrom.role',
      value: (u) =>
        u.enterpriseRole === AUTOMAKER_ROLE ? (
          <Tag color="blue">{t('userCenter.perfrom.automaker')}</Tag>
        ) : (
          <Tag>{t('userCenter.perfrom.otherRole')}</Tag>
        ),
    },
    {
      key: 'authStatus',
      label: 'userCenter.perfrom.authStatus',
      value: (u) =>
        u.authStatus === AUTH_CERTIFIED || u.enterpriseDid ? (
          <StatusBadge colour="green">{t('userCenter.perfrom.authCertified')}</StatusBadge>
        ) : u.authStatus === AUTH_SUBMITTED ? (
          <StatusBadge colour="yellow">{t('userCenter.perfrom.authSubmitted')}</StatusBadge>
        ) : (
          <StatusBadge colour="grey">{t('userCenter.perfrom.authNone')}</StatusBadge>
        ),
    },
    {
      key: 'enterpriseDid',
      label: 'userCenter.perfrom.did',
      wide: true,
      value: (u) => copyable(u.enterpriseDid),
    },
    {
      key: 'chainAccount',
      label: 'userCenter.perfrom.chainAccount',
      wide: true,
      value: (u) => copyable(u.chainAccount),
    },
  ];
  return (
    <DetailCard
      title={t('userCenter.perfrom.card')}
      record={userInfo}
      fields={fields}
      testId="perfrom-card"
    />
  );
}
