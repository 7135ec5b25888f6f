import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TUserInfo } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import { applyUserInfo } from '../../shared/sessionRefresh';
import { useCountdown } from '../../shared/useCountdown';
import { WarningTip } from '../../shared/WarningTip';

const RESEND_SECONDS = 60;

/**
 * The code box of the e-mail change: "send" checks the new address field first, sends a 6-character code
 * to it and waits 60 s (or longer if the server asks) before it can be sent again.
 */
function MailCodeInput({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const { secondsLeft, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    let email: string;
    try {
      email = String(((await form.validateFields(['email'])) as { email: string }).email).trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      const result = await call(api.profile.sendChangeMailCode, { email });
      start(Math.max(RESEND_SECONDS, result.resendAfterSeconds));
      void message.success(t('userCenter.dialogs.email.sent'));
    } catch {
      // Shown by the client.
    } finally {
      setSending(false);
    }
  };
  return (
    <Space.Compact className="mail-code-input">
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value.trim())}
        maxLength={LIMITS.verificationCodeLength}
        placeholder={t('common.list.inputPlaceholder', { field: t('userCenter.dialogs.email.code') })}
      />
      <Button
        onClick={() => void send()}
        loading={sending}
        disabled={secondsLeft > 0}
        data-testid="send-mail-code"
      >
        {secondsLeft > 0
          ? t('userCenter.dialogs.email.resend', { seconds: secondsLeft })
          : t('userCenter.dialogs.email.send')}
      </Button>
    </Space.Compact>
  );
}

/** Change the e-mail address with a code sent to the new one (spec 6 EditEmail). */
export function EmailDialog({ onClose }: { userInfo: TUserInfo; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('userCenter.dialogs.email.title')}
      before={<WarningTip>{t('userCenter.dialogs.email.tip')}</WarningTip>}
      fields={[
        { name: 'email', label: 'userCenter.dialogs.email.field', maxLength: LIMITS.emailMax },
        { name: 'code', label: 'userCenter.dialogs.email.code', render: () => <MailCodeInput /> },
      ]}
      schema={api.profile.changeMail.input}
      submit={(request) => call(api.profile.changeMail, request).then(applyUserInfo)}
      success="userCenter.saved"
      onClose={onClose}
      onDone={onClose}
      testId="email-dialog"
    />
  );
}
