import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';

const COUNTDOWN_SECONDS = 60;

/**
 * "Send code" with a 60 s countdown. `getEmail` validates the e-mail field first and returns null when it
 * is not valid, so no request goes out for a wrong address.
 */
export function SendCodeButton({
  purpose,
  getEmail,
}: {
  purpose: 'login' | 'register';
  getEmail: () => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    const email = await getEmail();
    if (!email) return;
    setSending(true);
    try {
      const result = await call(api.auth.getLoginMailVerifyCode, { email, purpose });
      setSecondsLeft(Math.max(COUNTDOWN_SECONDS, result.resendAfterSeconds));
      // The server answers every address alike (no account enumeration), so the sign-in page cannot tell
      // whether a code went out.
      void message.success(t(purpose === 'login' ? 'auth.code.sentIfRegistered' : 'auth.code.sent'));
    } catch {
      // The client already showed why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      className="code-button"
      size="large"
      onClick={() => void send()}
      loading={sending}
      disabled={secondsLeft > 0}
      data-testid="send-code"
    >
      {secondsLeft > 0 ? t('auth.code.resend', { seconds: secondsLeft }) : t('auth.code.send')}
    </Button>
  );
}
