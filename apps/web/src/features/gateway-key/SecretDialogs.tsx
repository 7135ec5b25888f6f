import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  api,
  GATEWAY_KEY_NAME_MAX,
  GATEWAY_KEY_REMARK_MAX,
  type TGatewayKey,
  type TGatewayKeySecret,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { ConfirmThenShowDialog, ShownOnceDialog, type TShownOnceTexts } from '../../shared/ShownOnceDialog';

const TEXTS: TShownOnceTexts = {
  tip: 'gatewayKey.secret.tip',
  copy: 'gatewayKey.secret.copy',
  copied: 'gatewayKey.secret.copied',
  copyFailed: 'common.failures.copy',
  done: 'gatewayKey.secret.done',
};

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
    <ShownOnceDialog
      title={title}
      texts={TEXTS}
      items={[
        { key: 'name', label: t('gatewayKey.fields.name'), text: secret.name },
        {
          key: 'appKey',
          label: t('gatewayKey.fields.appKey'),
          copy: secret.appKey,
          testId: 'gateway-app-key',
        },
        {
          key: 'appSecret',
          label: t('gatewayKey.fields.appSecret'),
          copy: secret.appSecret,
          testId: 'gateway-app-secret',
        },
      ]}
      onClose={onClose}
      testId="gateway-secret-dialog"
      doneTestId="gateway-secret-done"
    />
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
  if (!record) return null;
  return (
    <ConfirmThenShowDialog
      title={t('gatewayKey.confirmResetTitle')}
      confirmText={t('gatewayKey.reset')}
      run={async () => {
        const secret = await call(api.gatewayKey.reset, { id: record.id });
        refresh();
        return secret;
      }}
      success="gatewayKey.resetDone"
      onClose={onClose}
      testId="gateway-key-reset-dialog"
      shown={(secret) => <SecretDialog secret={secret} title={t('gatewayKey.resetTitle')} onClose={onDone} />}
    >
      {t('gatewayKey.confirmReset', { name: record.name })}
    </ConfirmThenShowDialog>
  );
}
