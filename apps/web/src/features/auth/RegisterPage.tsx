import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal } from 'antd';
import { MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TInput } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { zodRule } from '../../shared/zodRules';
import { AuthShell } from './AuthShell';
import { NewPasswordFields } from './NewPasswordFields';
import { SendCodeButton } from './SendCodeButton';

type TRegisterForm = TInput<typeof api.auth.register>;

const registerSchema = api.auth.register.input;
const fields = registerSchema.shape;

/** Registration (spec 2.1, 5) validated with the contract's own schemas. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<TRegisterForm>();
  const [submitting, setSubmitting] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  useDocumentTitle(t('auth.register.title'));

  const label = {
    username: t('auth.register.username'),
    email: t('auth.register.email'),
    code: t('auth.register.code'),
    password: t('auth.register.password'),
    confirmPassword: t('auth.register.confirmPassword'),
    agreement: t('auth.register.agreementLabel'),
  };

  const getEmail = async () => {
    try {
      const { email } = await form.validateFields(['email']);
      return email.trim();
    } catch {
      return null;
    }
  };

  const submit = async (values: TRegisterForm) => {
    setSubmitting(true);
    try {
      await call(api.auth.register, values);
      void message.success(t('auth.register.success'));
      void navigate('/login');
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell>
      <div className="auth-card">
        <h1>{t('auth.register.title')}</h1>
        <p className="auth-card-subtitle">{t('auth.register.subtitle')}</p>
        <Form
          form={form}
          name="register"
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="username"
            label={label.username}
            rules={[zodRule(fields.username, label.username, lang)]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('auth.register.usernamePlaceholder')}
              maxLength={LIMITS.usernameMax}
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item name="email" label={label.email} rules={[zodRule(fields.email, label.email, lang)]}>
            <Input
              prefix={<MailOutlined />}
              placeholder={t('auth.register.emailPlaceholder')}
              maxLength={LIMITS.emailMax}
              autoComplete="email"
            />
          </Form.Item>
          <Form.Item label={label.code} required>
            <div className="code-row">
              <Form.Item name="code" noStyle rules={[zodRule(fields.code, label.code, lang)]}>
                <Input
                  prefix={<SafetyOutlined />}
                  placeholder={t('auth.register.codePlaceholder')}
                  maxLength={LIMITS.verificationCodeLength}
                />
              </Form.Item>
              <SendCodeButton purpose="register" getEmail={getEmail} />
            </div>
          </Form.Item>
          <NewPasswordFields
            passwordSchema={fields.password}
            labels={label}
            placeholders={{
              password: t('auth.register.passwordPlaceholder'),
              confirmPassword: t('auth.register.confirmPasswordPlaceholder'),
            }}
          />
          <Form.Item
            name="agreement"
            valuePropName="checked"
            rules={[zodRule(fields.agreement, label.agreement, lang)]}
          >
            <Checkbox data-testid="agreement">
              {t('auth.register.agreementPrefix')}{' '}
              <a
                onClick={(event) => {
                  event.preventDefault();
                  setAgreementOpen(true);
                }}
              >
                {t('auth.register.agreementName')}
              </a>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
            {t('auth.register.submit')}
          </Button>
        </Form>
        <div className="auth-card-footer">
          {t('auth.register.hasAccount')} <Link to="/login">{t('auth.register.toLogin')}</Link>
        </div>
      </div>
      <Modal
        open={agreementOpen}
        title={t('auth.register.agreementName')}
        onCancel={() => setAgreementOpen(false)}
        footer={
          <Button type="primary" onClick={() => setAgreementOpen(false)}>
            {t('common.actions.iKnow')}
          </Button>
        }
      >
        <p>{t('auth.register.agreementText')}</p>
      </Modal>
    </AuthShell>
  );
}
