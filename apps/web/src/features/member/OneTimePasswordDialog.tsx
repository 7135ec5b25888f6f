import { useTranslation } from 'react-i18next';
import { api, type TMember } from '@tracehub/contract';
import { call } from '../../api/client';
import type { TResourceDialogProps } from '../../shared/list/types';
import { ConfirmThenShowDialog, ShownOnceDialog, type TShownOnceTexts } from '../../shared/ShownOnceDialog';
import './member.css';

/*
 * The one-time password of a new or reset member, shown once: the server keeps only its hash and the
 * dialog only as long as it is open, so closing it loses it for good (security review, finding 2). The
 * administrator copies it and passes it on.
 */

const TEXTS: TShownOnceTexts = {
  tip: 'account.member.oneTimePassword.tip',
  copy: 'account.member.oneTimePassword.copy',
  copied: 'account.member.oneTimePassword.copied',
  copyFailed: 'common.failures.copy',
  done: 'account.member.oneTimePassword.done',
};

/** A member's one-time password, until the administrator closes the dialog. */
export function OneTimePasswordDialog({
  title,
  username,
  password,
  onClose,
}: {
  title?: string;
  username: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      title={title ?? t('account.member.oneTimePassword.createdTitle')}
      texts={TEXTS}
      items={[
        { key: 'account', label: t('account.member.oneTimePassword.account'), text: username },
        {
          key: 'password',
          label: t('account.member.oneTimePassword.password'),
          copy: password,
          testId: 'one-time-password',
        },
      ]}
      onClose={onClose}
      testId="one-time-password-dialog"
      doneTestId="one-time-password-done"
      valueClassName="otp-value"
    />
  );
}

/** Resetting a member's password: confirm, then its new one-time password, shown once. */
export function ResetPasswordDialog({ record, onClose, onDone }: TResourceDialogProps<TMember>) {
  const { t } = useTranslation();
  if (!record) return null;
  return (
    <ConfirmThenShowDialog
      title={t('account.member.oneTimePassword.confirmTitle')}
      confirmText={t('account.member.oneTimePassword.reset')}
      run={() => call(api.member.resetPassword, { id: record.id })}
      success="account.member.resetDone"
      onClose={onClose}
      testId="reset-password-dialog"
      // The list refreshes once the password has been noted; the dialog then forgets it.
      shown={({ oneTimePassword }) => (
        <OneTimePasswordDialog
          title={t('account.member.oneTimePassword.resetTitle')}
          username={record.username}
          password={oneTimePassword}
          onClose={onDone}
        />
      )}
    >
      {t('account.member.confirmReset', { name: record.username })}
    </ConfirmThenShowDialog>
  );
}
