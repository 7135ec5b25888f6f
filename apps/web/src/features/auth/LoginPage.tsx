import { useState } from 'react';
import { Button, Form, Input, Tabs } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, type TLoginStep } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { zodRule } from '../../shared/zodRules';
import { AuthShell } from './AuthShell';
import { ChangePasswordStep } from './ChangePasswordStep';
import { SendCodeButton } from './SendCodeButton';
import { SelectEnterpriseDialog } from './SelectEnterpriseDialog';
import { signInToEnterprise } from './session';
import { soleUsableEnterprise } from './enterpriseDisplay';

type TPasswordForm = { loginAccount: string; password: string };
type TCodeForm = { email: string; code: string };

const pwdSchema = api.auth.loginByPwd.input.shape;
const codeSchema = api.auth.verifyLoginMailCode.input.shape;

/** Only same-site paths are followed after sign-in. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/home';
}

function PasswordForm({ onStep }: { onStep: (step: TLoginStep) => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TPasswordForm>();
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: TPasswordForm) => {
    setSubmitting(true);
    try {
      await onStep(await call(api.auth.loginByPwd, values));
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Form
      form={form}
      name="login"
      layout="vertical"
      size="large"
      onFinish={(v) => void submit(v)}
      requiredMark={false}
    >
      <Form.Item
        name="loginAccount"
        label={t('auth.login.loginAccount')}
        rules={[zodRule(pwdSchema.loginAccount, t('auth.login.loginAccount'), lang)]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.login.loginAccountPlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.login.password')}
        rules={[zodRule(pwdSchema.password, t('auth.login.password'), lang)]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.login.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}

function CodeForm({ onStep }: { onStep: (step: TLoginStep) => Promise<void> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TCodeForm>();
  const [submitting, setSubmitting] = useState(false);
  const submit = async (values: TCodeForm) => {
    setSubmitting(true);
    try {
      await onStep(await call(api.auth.verifyLoginMailCode, values));
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };
  const getEmail = async () => {
    try {
      const { email } = await form.validateFields(['email']);
      return email.trim();
    } catch {
      return null;
    }
  };
  return (
    <Form
      form={form}
      name="loginCode"
      layout="vertical"
      size="large"
      onFinish={(v) => void submit(v)}
      requiredMark={false}
    >
      <Form.Item
        name="email"
        label={t('auth.login.email')}
        rules={[zodRule(codeSchema.email, t('auth.login.email'), lang)]}
      >
        <Input
          prefix={<MailOutlined />}
          placeholder={t('auth.login.emailPlaceholder')}
          autoComplete="email"
        />
      </Form.Item>
      <Form.Item label={t('auth.login.code')} required>
        <div className="code-row">
          <Form.Item name="code" noStyle rules={[zodRule(codeSchema.code, t('auth.login.code'), lang)]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('auth.login.codePlaceholder')} maxLength={6} />
          </Form.Item>
          <SendCodeButton purpose="login" getEmail={getEmail} />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-code-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}

/**
 * Sign-in by password or e-mailed code, then the enterprise choice (spec 2.1, 2.5). An account holding a
 * one-time password (new member, reset) sets its own password first: the server allows nothing else.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [step, setStep] = useState<TLoginStep | null>(null);
  const target = safeRedirect(searchParams.get('redirect'));
  useDocumentTitle(t('auth.login.title'));

  // An account with one usable enterprise and nothing else to decide goes straight in; a failure there
  // (shown by the client) leaves the choice to the dialog.
  const onStep = async (next: TLoginStep) => {
    const sole = soleUsableEnterprise(next);
    if (sole) {
      try {
        await signInToEnterprise({
          loginAccount: next.loginAccount,
          verifyKey: next.verifyKey,
          enterpriseUuid: sole,
          target,
        });
        return;
      } catch {
        // Fall through to the dialog.
      }
    }
    setStep(next);
  };

  return (
    <AuthShell>
      <div className="auth-card">
        {step?.mustChangePassword ? (
          <ChangePasswordStep
            step={step}
            onDone={(next) => void onStep(next)}
            onCancel={() => setStep(null)}
          />
        ) : (
          <>
            <h1>{t('auth.login.welcome')}</h1>
            <p className="auth-card-subtitle">{t('auth.login.subtitle')}</p>
            <Tabs
              items={[
                {
                  key: 'password',
                  label: t('auth.login.tabPassword'),
                  children: <PasswordForm onStep={onStep} />,
                },
                { key: 'code', label: t('auth.login.tabCode'), children: <CodeForm onStep={onStep} /> },
              ]}
            />
          </>
        )}
        <div className="auth-card-footer">
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.toRegister')}</Link>
          <span className="auth-card-footer-sep">·</span>
          <Link to="/homePage">{t('auth.login.backHome')}</Link>
          <span className="auth-card-footer-sep">·</span>
          <Link to="/verify" data-testid="login-verify">
            {t('auth.login.verify')}
          </Link>
        </div>
      </div>
      {step && !step.mustChangePassword && (
        <SelectEnterpriseDialog
          mode="login"
          open
          loginStep={step}
          target={target}
          onClose={() => setStep(null)}
        />
      )}
    </AuthShell>
  );
}
