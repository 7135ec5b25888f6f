import { api, LIMITS, PROJECT_NOTES_MAX, type TProjectCode } from '@tracehub/contract';
import { RecordFormDialog } from '../../shared/form/RecordFormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';

const FIELDS: readonly TFormField[] = [
  { name: 'code', label: 'project.fields.code', maxLength: LIMITS.projectNumberMax },
  { name: 'notes', label: 'project.fields.notes', input: 'textarea', maxLength: PROJECT_NOTES_MAX },
];

/** Create a project code, or edit one (record given); the contract's schemas are the form's rules. */
export function ProjectFormDialog({ record, onClose, onDone }: TResourceDialogProps<TProjectCode>) {
  return (
    <RecordFormDialog
      record={record}
      fields={FIELDS}
      create={{ endpoint: api.project.add, title: 'project.createTitle', success: 'project.created' }}
      update={{
        endpoint: api.project.update,
        title: 'project.editTitle',
        success: 'project.updated',
        values: (r) => ({ code: r.code, notes: r.notes }),
      }}
      onClose={onClose}
      onDone={onDone}
      testId="project-form-dialog"
    />
  );
}
