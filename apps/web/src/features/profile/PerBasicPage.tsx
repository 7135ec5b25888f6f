import { useState } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TUserInfo } from '@tracehub/contract';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { useSession } from '../../stores/session';
import { AvatarField } from './AvatarField';
import { EditableValue } from './EditableValue';
import { ProfileDialog, type TProfileDialog } from './ProfileDialogs';
import './userCenter.css';

/** The user's basic information and its edits by permission code (spec 2.2 /userCenter/perbasic, 6). */
export default function PerBasicPage() {
  const { t } = useTranslation();
  const can = usePermissions();
  const userInfo = useSession((s) => s.userInfo);
  const [dialog, setDialog] = useState<TProfileDialog | null>(null);
  const editable = (value: string | null, permission: string, open: TProfileDialog) => (
    <EditableValue permission={permission} onEdit={() => setDialog(open)} testId={`edit-${open}`}>
      {value || EMPTY_TEXT}
    </EditableValue>
  );
  const fields: TDetailField<TUserInfo>[] = [
    {
      key: 'avatar',
      label: 'userCenter.perbasic.avatar',
      wide: true,
      value: () => <AvatarField />,
    },
    {
      key: 'username',
      label: 'userCenter.perbasic.username',
      value: (u) => editable(u.username, 'EditUserName', 'username'),
    },
    {
      key: 'email',
      label: 'userCenter.perbasic.email',
      value: (u) => editable(u.email, 'EditEmail', 'email'),
    },
    {
      key: 'password',
      label: 'userCenter.perbasic.password',
      value: () => editable('••••••••', 'EditPassword', 'password'),
    },
    {
      key: 'sessionTimeoutMinutes',
      label: 'userCenter.perbasic.sessionTimeout',
      value: (u) =>
        editable(
          t('userCenter.perbasic.minutes', { value: u.sessionTimeoutMinutes }),
          'EditSession',
          'session',
        ),
    },
    { key: 'chineseName', label: 'userCenter.perbasic.chineseName' },
    { key: 'englishName', label: 'userCenter.perbasic.englishName' },
    {
      key: 'lastLoginTime',
      label: 'userCenter.perbasic.lastLogin',
      value: (u) => formatDateTime(u.lastLoginTime),
    },
    { key: 'introduction', label: 'userCenter.perbasic.introduction', wide: true },
  ];
  return (
    <>
      <DetailCard
        title={t('userCenter.perbasic.card')}
        record={userInfo}
        fields={fields}
        testId="perbasic-card"
        extra={
          can('PerBasic') && (
            <Button icon={<EditOutlined />} onClick={() => setDialog('profile')} data-testid="edit-profile">
              {t('userCenter.perbasic.editProfile')}
            </Button>
          )
        }
      />
      {userInfo && <ProfileDialog open={dialog} userInfo={userInfo} onClose={() => setDialog(null)} />}
    </>
  );
}
