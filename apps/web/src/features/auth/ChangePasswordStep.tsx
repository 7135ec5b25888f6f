import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api, checkPasswordConfirmation, LIMITS, type TLoginStep } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { zodFieldIssues, zodRule } from '../../shared/zodRules';

type TForm = { password: string; confirmPassword: string };

const fields = api.auth.changePassword.input.shape;
// The contract's whole-form refinement runs only once every field is valid; this checks the pair alone.
const confirmationSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine(checkPasswordConfirmation('password', 'confirmPassword'));

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
  const lang = useLang();
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
        <Form.Item
          name="password"
          label={label.password}
          extra={t('auth.changePassword.hint')}
          rules={[zodRule(fields.password, label.password, lang)]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.changePassword.passwordPlaceholder')}
            maxLength={LIMITS.passwordMax}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={label.confirmPassword}
          dependencies={['password']}
          validateFirst
          rules={[
            zodRule(z.string().min(1), label.confirmPassword, lang),
            ({ getFieldValue }) => ({
              validator: async (_rule, confirmPassword: unknown) => {
                const [problem] = zodFieldIssues(
                  confirmationSchema,
                  { password: getFieldValue('password') ?? '', confirmPassword: confirmPassword ?? '' },
                  'confirmPassword',
                  label.confirmPassword,
                  lang,
                );
                if (problem) throw new Error(problem);
              },
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.changePassword.confirmPlaceholder')}
            maxLength={LIMITS.passwordMax}
            autoComplete="new-password"
          />
        </Form.Item>
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
