import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type TLoginStep } from '@tracehub/contract';
import { call } from '../../api/client';
import { NewPasswordFields } from './NewPasswordFields';

type TForm = { password: string; confirmPassword: string };

const fields = api.auth.changePassword.input.shape;

/**
 * The step a sign-in with a one-time password leads to (a new member, a reset): the account sets its own
 * password, and sign-in goes on with the step the server answers. Nothing else is possible before.
 */
export function ChangePasswordStep({
  step,
  onDone,
  onCancel,
}: {
  step: TLoginStep;
  onDone: (next: TLoginStep) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TForm>();
  const [submitting, setSubmitting] = useState(false);
  const label = {
    password: t('auth.changePassword.password'),
    confirmPassword: t('auth.changePassword.confirmPassword'),
  };
  const submit = async (values: TForm) => {
    setSubmitting(true);
    try {
      onDone(
        await call(api.auth.changePassword, {
          loginAccount: step.loginAccount,
          verifyKey: step.verifyKey,
          ...values,
        }),
      );
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <div data-testid="change-password-step">
      <h1>{t('auth.changePassword.title')}</h1>
      <p className="auth-card-subtitle">
        {t('auth.changePassword.subtitle', { account: step.loginAccount })}
      </p>
      <Alert type="info" showIcon title={t('auth.changePassword.tip')} className="auth-step-tip" />
      <Form
        form={form}
        name="change-password"
        layout="vertical"
        size="large"
        onFinish={(v) => void submit(v)}
        requiredMark={false}
      >
        <NewPasswordFields
          passwordSchema={fields.password}
          labels={label}
          placeholders={{
            password: t('auth.changePassword.passwordPlaceholder'),
            confirmPassword: t('auth.changePassword.confirmPlaceholder'),
          }}
          hint={t('auth.changePassword.hint')}
        />
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={submitting}
          data-testid="change-password-submit"
        >
          {t('auth.changePassword.submit')}
        </Button>
        <Button type="link" block onClick={onCancel} disabled={submitting} className="auth-step-back">
          {t('auth.changePassword.back')}
        </Button>
      </Form>
    </div>
  );
}
