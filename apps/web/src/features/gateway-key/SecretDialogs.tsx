import { useState } from 'react';
import { Alert, App, Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  api,
  GATEWAY_KEY_NAME_MAX,
  GATEWAY_KEY_REMARK_MAX,
  type TGatewayKey,
  type TGatewayKeySecret,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import { CopyableValue } from '../../shared/CopyableValue';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import './gateway-key.css';

/** A value of the key with its copy button. */
function CopyableKeyPart({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <CopyableValue
      value={value}
      testId={testId}
      className="gateway-key-value"
      texts={{
        copy: t('gatewayKey.secret.copy'),
        copied: t('gatewayKey.secret.copied'),
        copyFailed: t('gatewayKey.secret.copyFailed'),
      }}
    />
  );
}

/**
 * A key's APPSecret right after it was created or reset: the server never answers it again, and this
 * dialog keeps it only while it is open.
 */
function SecretDialog({
  secret,
  title,
  onClose,
}: {
  secret: TGatewayKeySecret;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="gateway-secret-done">
          {t('gatewayKey.secret.done')}
        </Button>
      }
      testId="gateway-secret-dialog"
    >
      <Alert type="warning" showIcon title={t('gatewayKey.secret.tip')} className="gateway-key-tip" />
      <Descriptions
        column={1}
        bordered
        size="small"
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'name', label: t('gatewayKey.fields.name'), children: secret.name },
          {
            key: 'appKey',
            label: t('gatewayKey.fields.appKey'),
            children: <CopyableKeyPart value={secret.appKey} testId="gateway-app-key" />,
          },
          {
            key: 'appSecret',
            label: t('gatewayKey.fields.appSecret'),
            children: <CopyableKeyPart value={secret.appSecret} testId="gateway-app-secret" />,
          },
        ]}
      />
    </AppDialog>
  );
}

const FIELDS: TFormField[] = [
  { name: 'name', label: 'gatewayKey.fields.name', maxLength: GATEWAY_KEY_NAME_MAX },
  { name: 'remark', label: 'gatewayKey.fields.remark', input: 'textarea', maxLength: GATEWAY_KEY_REMARK_MAX },
];

/** Create a key (name and remark), then its secret, shown once. */
export function CreateKeyDialog({ onClose, onDone, refresh }: TResourceDialogProps<TGatewayKey>) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<TGatewayKeySecret | null>(null);
  if (created) return <SecretDialog secret={created} title={t('gatewayKey.createdTitle')} onClose={onDone} />;
  return (
    <FormDialog
      title={t('gatewayKey.createTitle')}
      schema={api.gatewayKey.add.input}
      fields={FIELDS}
      submit={(request) => call(api.gatewayKey.add, request)}
      success="gatewayKey.created"
      onDone={(result) => {
        setCreated(result as TGatewayKeySecret);
        refresh();
      }}
      onClose={onClose}
      testId="gateway-key-form-dialog"
    />
  );
}

/** Reset a key's secret: confirm (the old one stops working at once), then the new one, shown once. */
export function ResetKeyDialog({ record, onClose, onDone, refresh }: TResourceDialogProps<TGatewayKey>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [reset, setReset] = useState<TGatewayKeySecret | null>(null);
  if (!record) return null;
  if (reset) return <SecretDialog secret={reset} title={t('gatewayKey.resetTitle')} onClose={onDone} />;
  const run = async () => {
    setSubmitting(true);
    try {
      setReset(await call(api.gatewayKey.reset, { id: record.id }));
      void message.success(t('gatewayKey.resetDone'));
      refresh();
    } catch {
      // Shown by the client.
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <AppDialog
      open
      title={t('gatewayKey.confirmResetTitle')}
      onCancel={onClose}
      onConfirm={() => void run()}
      confirmText={t('gatewayKey.reset')}
      submitting={submitting}
      testId="gateway-key-reset-dialog"
    >
      {t('gatewayKey.confirmReset', { name: record.name })}
    </AppDialog>
  );
}
