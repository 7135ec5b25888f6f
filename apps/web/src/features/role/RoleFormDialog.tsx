import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TRole } from '@tracehub/contract';
import { RecordFormDialog } from '../../shared/form/RecordFormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { WarningTip } from '../../shared/WarningTip';

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
    {
      name: 'descriptionEn',
      label: 'account.role.fields.descriptionEn',
      input: 'textarea',
      maxLength: LIMITS.roleDescriptionMax,
    },
  ];
  return (
    <RecordFormDialog
      record={record}
      fields={fields}
      before={locked ? <WarningTip>{t('account.role.nameLocked')}</WarningTip> : undefined}
      create={{ endpoint: api.role.add, title: 'account.role.createTitle', success: 'account.role.created' }}
      update={{
        endpoint: api.role.update,
        title: 'account.role.editTitle',
        success: 'account.role.updated',
        values: (r) => ({
          name: r.name,
          nameEn: r.nameEn ?? '',
          description: r.description ?? '',
          descriptionEn: r.descriptionEn ?? '',
        }),
      }}
      onClose={onClose}
      onDone={onDone}
      testId="role-form-dialog"
    />
  );
}
