import { useTranslation } from 'react-i18next';
import { api, LIMITS, PROJECT_NOTES_MAX, type TProjectCode } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';

const FIELDS: readonly TFormField[] = [
  { name: 'code', label: 'project.fields.code', maxLength: LIMITS.projectNumberMax },
  { name: 'notes', label: 'project.fields.notes', input: 'textarea', maxLength: PROJECT_NOTES_MAX },
];

/** Create a project code, or edit one (record given); the contract's schemas are the form's rules. */
export function ProjectFormDialog({ record, onClose, onDone }: TResourceDialogProps<TProjectCode>) {
  const { t } = useTranslation();
  if (record) {
    return (
      <FormDialog
        title={t('project.editTitle')}
        fields={FIELDS}
        schema={api.project.update.input}
        base={{ id: record.id }}
        initialValues={{ code: record.code, notes: record.notes }}
        submit={(request) => call(api.project.update, request)}
        success="project.updated"
        onClose={onClose}
        onDone={onDone}
        testId="project-form-dialog"
      />
    );
  }
  return (
    <FormDialog
      title={t('project.createTitle')}
      fields={FIELDS}
      schema={api.project.add.input}
      submit={(request) => call(api.project.add, request)}
      success="project.created"
      onClose={onClose}
      onDone={onDone}
      testId="project-form-dialog"
    />
  );
}
