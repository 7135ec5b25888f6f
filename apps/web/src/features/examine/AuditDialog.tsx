import { useTranslation } from 'react-i18next';
import { api, EXAMINE_STATUS, LIMITS, type TExamineItem } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { roleOptions } from '../role/queries';

const isApprove = (values: Record<string, unknown>) => values.result === 'approve';

const FIELDS: readonly TFormField[] = [
  {
    name: 'result',
    label: 'account.audit.result',
    input: 'radio',
    options: ({ t }) => [
      { value: 'approve', label: t('account.audit.approve') },
      { value: 'reject', label: t('account.audit.reject') },
    ],
  },
  {
    name: 'roleIds',
    label: 'account.audit.roles',
    input: 'select',
    multiple: true,
    maxCount: LIMITS.rolesPerMember,
    options: roleOptions,
    extra: 'account.audit.rolesHint',
    visible: isApprove,
  },
  {
    name: 'remark',
    label: 'account.audit.remark',
    input: 'textarea',
    maxLength: LIMITS.commentMax,
    placeholder: 'account.audit.remarkPlaceholder',
    dependencies: ['result'],
  },
];

/** Approve (with roles) or reject (with a reason) one application or the selected pending ones. */
export function AuditDialog({ record, rows, onClose, onDone }: TResourceDialogProps<TExamineItem>) {
  const { t } = useTranslation();
  const targets = (record ? [record] : rows).filter((r) => r.examineStatus === EXAMINE_STATUS.pending);
  return (
    <FormDialog
      title={record ? t('account.audit.title') : t('account.audit.batchTitle', { count: targets.length })}
      fields={FIELDS}
      schema={api.examine.examine.input}
      base={{ ids: targets.map((r) => r.id) }}
      initialValues={{ result: 'approve', roleIds: [], remark: '' }}
      before={
        <p className="audit-applicants" data-testid="audit-applicants">
          {t('account.audit.applicants', {
            names: targets.map((r) => r.username).join(t('common.listSeparator')),
          })}
        </p>
      }
      submit={(request) => call(api.examine.examine, request)}
      success="account.audit.done"
      onClose={onClose}
      onDone={onDone}
      testId="audit-dialog"
    />
  );
}
