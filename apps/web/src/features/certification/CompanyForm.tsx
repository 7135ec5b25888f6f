import { useState } from 'react';
import { Alert, Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS, type TCompanyForm } from '@tracehub/contract';
import { isApiError } from '../../api/errors';
import { useLang } from '../../i18n';
import {
  AddressSection,
  IdentitySection,
  LegalPersonSection,
  LicenceSection,
  ProfileSection,
} from './CompanySections';
import {
  EMPTY_COMPANY_FORM,
  toCompanyForm,
  validateCompanyForm,
  type TCompanyFormValues,
  type TFieldError,
} from './companyFormModel';
import { companyFieldLabel } from './fieldLabels';

/** Field messages the server attaches to a validation failure (E1001). */
function serverFieldErrors(data: unknown): { field: string; message: string }[] {
  if (!data || typeof data !== 'object' || !('fields' in data) || !Array.isArray(data.fields)) return [];
  return data.fields.filter(
    (f): f is { field: string; message: string } =>
      typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.message === 'string',
  );
}

/**
 * The certification form: every field group of the Company entity in numbered cards, checked with the
 * contract's schema in the browser; a server refusal is shown above the buttons, and its field messages on
 * the fields.
 */
export function CompanyForm({
  initial,
  editing,
  onSubmit,
  onCancel,
}: {
  initial?: TCompanyFormValues;
  editing: boolean;
  /** Sends the form; rejects with the ApiError of a refusal. */
  onSubmit: (form: TCompanyForm) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TCompanyFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // Paths from zod and from the server are runtime data; antd's typed names cannot see them statically.
  const showErrors = (errors: TFieldError[]) =>
    form.setFields(errors as Parameters<typeof form.setFields>[0]);

  const submit = async () => {
    setServerError(null);
    let values: TCompanyFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as TCompanyFormValues;
    } catch {
      setServerError(t('identify.form.invalid'));
      return;
    }
    const checked = validateCompanyForm(toCompanyForm(values), (path) => companyFieldLabel(t, path), lang);
    if (!checked.ok) {
      // With "same address" the operation address is a copy; its fields are not on screen.
      showErrors(checked.errors.filter((e) => !(values.sameAddress && e.name[0] === 'operationAddress')));
      setServerError(t('identify.form.invalid'));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(checked.data);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setServerError(error.message);
      if (error.code === ERRORS.VALIDATION.code) {
        showErrors(
          serverFieldErrors(error.data).map((f) => ({
            name: f.field.replace(/^form\./, '').split('.'),
            errors: [f.message],
          })),
        );
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form
      form={form}
      name="company"
      layout="vertical"
      className="company-form"
      initialValues={initial ?? EMPTY_COMPANY_FORM}
      onFinish={() => void submit()}
      onFinishFailed={() => {
        setServerError(t('identify.form.invalid'));
      }}
      // An old refusal no longer describes the form once it changes.
      onValuesChange={() => setServerError(null)}
      scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
      data-testid="company-form"
    >
      <IdentitySection index={1} />
      <ProfileSection index={2} />
      <AddressSection index={3} prefix="registeredAddress" />
      <AddressSection index={4} prefix="operationAddress" />
      <LegalPersonSection index={5} />
      <LicenceSection index={6} />
      <div className="company-form-footer">
        {serverError && (
          <Alert
            type="error"
            showIcon
            title={serverError}
            className="company-form-error"
            data-testid="company-form-error"
          />
        )}
        <Space>
          {onCancel && (
            <Button onClick={onCancel} disabled={submitting}>
              {t('identify.form.cancel')}
            </Button>
          )}
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="company-form-submit">
            {editing ? t('identify.form.resubmit') : t('identify.form.submit')}
          </Button>
        </Space>
      </div>
    </Form>
  );
}
