import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TRole } from '@tracehub/contract';
import { call } from '../../../api/client';
import { FormDialog } from '../../../shared/form/FormDialog';
import type { TFormField } from '../../../shared/form/types';
import type { TResourceDialogProps } from '../../../shared/list/types';
import { WarningTip } from '../../../shared/WarningTip';

/**
 * Create a role, or edit one (record given). A role's names cannot change while members hold it (spec 5);
 * a new role starts disabled until its permissions are configured.
 */
export function RoleFormDialog({ record, onClose, onDone }: TResourceDialogProps<TRole>) {
  const { t } = useTranslation();
  const locked = record !== null && record.memberCount > 0;
  const fields: TFormField[] = [
    { name: 'name', label: 'account.role.fields.name', maxLength: LIMITS.roleNameMax, disabled: locked },
    { name: 'nameEn', label: 'account.role.fields.nameEn', maxLength: LIMITS.roleNameMax, disabled: locked },
    {
      name: 'description',
      label: 'account.role.fields.description',
      input: 'textarea',
      maxLength: LIMITS.roleDescriptionMax,
    },
  ];
  const initialValues = record
    ? { name: record.name, nameEn: record.nameEn ?? '', description: record.description ?? '' }
    : undefined;
  if (record) {
    return (
      <FormDialog
        title={t('account.role.editTitle')}
        fields={fields}
        schema={api.role.update.input}
        base={{ id: record.id }}
        initialValues={initialValues}
        before={locked ? <WarningTip>{t('account.role.nameLocked')}</WarningTip> : undefined}
        submit={(request) => call(api.role.update, request)}
        success="account.role.updated"
        onClose={onClose}
        onDone={onDone}
        testId="role-form-dialog"
      />
    );
  }
  return (
    <FormDialog
      title={t('account.role.createTitle')}
      fields={fields}
      schema={api.role.add.input}
      submit={(request) => call(api.role.add, request)}
      success="account.role.created"
      onClose={onClose}
      onDone={onDone}
      testId="role-form-dialog"
    />
  );
}
