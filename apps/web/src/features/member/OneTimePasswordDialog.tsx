import { useState } from 'react';
import { Alert, App, Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type TMember } from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import { CopyableValue } from '../../shared/CopyableValue';
import type { TResourceDialogProps } from '../../shared/list/types';
import './member.css';

/**
 * The one-time password of a new or reset member, shown once: the server keeps only its hash and this
 * component only as long as the dialog is open, so closing it loses it for good (security review,
 * finding 2). The administrator copies it and passes it on.
 */
function OneTimePasswordBody({ username, password }: { username: string; password: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="warning" showIcon title={t('account.member.oneTimePassword.tip')} className="otp-tip" />
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'account', label: t('account.member.oneTimePassword.account'), children: username },
          {
            key: 'password',
            label: t('account.member.oneTimePassword.password'),
            children: (
              <CopyableValue
                value={password}
                testId="one-time-password"
                className="otp-value"
                texts={{
                  copy: t('account.member.oneTimePassword.copy'),
                  copied: t('account.member.oneTimePassword.copied'),
                  copyFailed: t('account.member.oneTimePassword.copyFailed'),
                }}
              />
            ),
          },
        ]}
      />
    </>
  );
}

/** After a member was created: its one-time password, until the administrator closes the dialog. */
export function OneTimePasswordDialog({
  username,
  password,
  onClose,
}: {
  username: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      title={t('account.member.oneTimePassword.createdTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="one-time-password-done">
          {t('account.member.oneTimePassword.done')}
        </Button>
      }
      testId="one-time-password-dialog"
    >
      <OneTimePasswordBody username={username} password={password} />
    </AppDialog>
  );
}

/** Resetting a member's password: confirm, then its new one-time password, shown once. */
export function ResetPasswordDialog({ record, onClose, onDone }: TResourceDialogProps<TMember>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  if (!record) return null;
  const reset = async () => {
    setSubmitting(true);
    try {
      const { oneTimePassword } = await call(api.member.resetPassword, { id: record.id });
      setPassword(oneTimePassword);
      void message.success(t('account.member.resetDone'));
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };
  if (password === null) {
    return (
      <AppDialog
        open
        title={t('account.member.oneTimePassword.confirmTitle')}
        onCancel={onClose}
        onConfirm={() => void reset()}
        confirmText={t('account.member.oneTimePassword.reset')}
        submitting={submitting}
        testId="reset-password-dialog"
      >
        {t('account.member.confirmReset', { name: record.username })}
      </AppDialog>
    );
  }
  return (
    <AppDialog
      open
      title={t('account.member.oneTimePassword.resetTitle')}
      // The list refreshes once the password has been noted; the dialog then forgets it.
      onCancel={onDone}
      footer={
        <Button type="primary" onClick={onDone} data-testid="one-time-password-done">
          {t('account.member.oneTimePassword.done')}
        </Button>
      }
      testId="one-time-password-dialog"
    >
      <OneTimePasswordBody username={record.username} password={password} />
    </AppDialog>
  );
}
