import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TUserInfo } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import { applyUserInfo } from '../../shared/sessionRefresh';
import { WarningTip } from '../../shared/WarningTip';
import { EmailDialog } from './EmailDialog';

export type TProfileDialog = 'username' | 'profile' | 'email' | 'password' | 'session';

interface TProps {
  userInfo: TUserInfo;
  onClose: () => void;
}

function UsernameDialog({ userInfo, onClose }: TProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('userCenter.dialogs.username.title')}
      before={<WarningTip>{t('userCenter.dialogs.username.tip')}</WarningTip>}
      fields={[
        { name: 'username', label: 'userCenter.dialogs.username.field', maxLength: LIMITS.usernameMax },
      ]}
      schema={api.profile.updateUsername.input}
      initialValues={{ username: userInfo.username }}
      submit={(request) => call(api.profile.updateUsername, request).then(applyUserInfo)}
      success="userCenter.saved"
      onClose={onClose}
      onDone={onClose}
      testId="username-dialog"
    />
  );
}

function NamesDialog({ userInfo, onClose }: TProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('userCenter.dialogs.profile.title')}
      fields={[
        { name: 'chineseName', label: 'userCenter.perbasic.chineseName', maxLength: 50 },
        { name: 'englishName', label: 'userCenter.perbasic.englishName', maxLength: 100 },
        {
          name: 'introduction',
          label: 'userCenter.perbasic.introduction',
          input: 'textarea',
          maxLength: LIMITS.commentMax,
        },
      ]}
      schema={api.profile.updateNames.input}
      initialValues={{
        chineseName: userInfo.chineseName ?? '',
        englishName: userInfo.englishName ?? '',
        introduction: userInfo.introduction ?? '',
      }}
      submit={(request) => call(api.profile.updateNames, request).then(applyUserInfo)}
      success="userCenter.saved"
      onClose={onClose}
      onDone={onClose}
      testId="profile-dialog"
    />
  );
}

function PasswordDialog({ onClose }: TProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('userCenter.dialogs.password.title')}
      before={<WarningTip>{t('userCenter.dialogs.password.tip')}</WarningTip>}
      fields={[
        { name: 'oldPassword', label: 'userCenter.dialogs.password.oldPassword', input: 'password' },
        {
          name: 'password',
          label: 'userCenter.dialogs.password.password',
          input: 'password',
          maxLength: LIMITS.passwordMax,
          extra: 'userCenter.dialogs.password.hint',
        },
        {
          name: 'confirmPassword',
          label: 'userCenter.dialogs.password.confirmPassword',
          input: 'password',
          maxLength: LIMITS.passwordMax,
          dependencies: ['password'],
        },
      ]}
      schema={api.profile.updatePassword.input}
      submit={(request) => call(api.profile.updatePassword, request)}
      success="userCenter.saved"
      onClose={onClose}
      onDone={onClose}
      testId="password-dialog"
    />
  );
}

function SessionDialog({ userInfo, onClose }: TProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('userCenter.dialogs.session.title')}
      fields={[
        {
          name: 'minutes',
          label: 'userCenter.dialogs.session.field',
          input: 'number',
          min: LIMITS.sessionTimeoutMinMin,
          max: LIMITS.sessionTimeoutMaxMin,
          precision: 0,
          extra: 'userCenter.dialogs.session.hint',
        },
      ]}
      schema={api.profile.changeExpireTime.input}
      initialValues={{ minutes: userInfo.sessionTimeoutMinutes }}
      submit={(request) => call(api.profile.changeExpireTime, request).then(applyUserInfo)}
      success="userCenter.saved"
      onClose={onClose}
      onDone={onClose}
      testId="session-dialog"
    />
  );
}

const DIALOGS: Record<TProfileDialog, (props: TProps) => ReactNode> = {
  username: UsernameDialog,
  profile: NamesDialog,
  email: EmailDialog,
  password: PasswordDialog,
  session: SessionDialog,
};

/** The open profile dialog, if any. */
export function ProfileDialog({ open, ...props }: TProps & { open: TProfileDialog | null }) {
  if (!open) return null;
  const Dialog = DIALOGS[open];
  return <Dialog {...props} />;
}
