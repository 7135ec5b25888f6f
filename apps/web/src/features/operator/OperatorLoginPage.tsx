import { useState } from 'react';
import { Button, Form, Input, Tag } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { zodRule } from '../../shared/zodRules';
import { AuthShell } from '../auth/AuthShell';
import { OPERATOR_HOME_PATH, operatorSignIn } from './session';

type TLoginForm = { loginAccount: string; password: string };

const schema = api.operator.login.input.shape;

/** Only operator pages are followed after sign-in. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/operator/') && !value.startsWith('//') ? value : OPERATOR_HOME_PATH;
}

/** The operator end's own sign-in (operator accounts only). */
export default function OperatorLoginPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<TLoginForm>();
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle(t('operator.login.title'));

  const submit = async (values: TLoginForm) => {
    setSubmitting(true);
    try {
      await operatorSignIn(values);
      void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell>
      <div className="auth-card" data-testid="operator-login">
        <h1>
          {t('operator.login.welcome')} <Tag color="geekblue">{t('operator.endName')}</Tag>
        </h1>
        <p className="auth-card-subtitle">{t('operator.login.subtitle')}</p>
        <Form
          form={form}
          name="operatorLogin"
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="loginAccount"
            label={t('operator.login.account')}
            rules={[zodRule(schema.loginAccount, t('operator.login.account'), lang)]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('operator.login.accountPlaceholder')}
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('operator.login.password')}
            rules={[zodRule(schema.password, t('operator.login.password'), lang)]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('operator.login.passwordPlaceholder')}
              autoComplete="current-password"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={submitting}
            data-testid="operator-login-submit"
          >
            {t('operator.login.submit')}
          </Button>
        </Form>
        <div className="auth-card-footer">
          <Link to="/login">{t('operator.login.toEnterprise')}</Link>
        </div>
      </div>
    </AuthShell>
  );
}
