import { useTranslation } from 'react-i18next';
import { api, LIMITS } from '@tracehub/contract';
import { call } from '../../../api/client';
import { FormDialog } from '../../../shared/form/FormDialog';

/** Returns an application to its applicant with required notes (at most 500 characters). */
export function ReturnDialog({
  id,
  onClose,
  onDone,
}: {
  id: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('operator.certification.returnTitle')}
      schema={api.operator.certification.returnBack.input}
      base={{ id }}
      fields={[
        {
          name: 'notes',
          label: 'operator.certification.notes',
          input: 'textarea',
          maxLength: LIMITS.commentMax,
          placeholder: 'operator.certification.notesHint',
        },
      ]}
      submit={(request) => call(api.operator.certification.returnBack, request)}
      success="operator.certification.returned"
      confirmText={t('operator.certification.return')}
      onClose={onClose}
      onDone={onDone}
      testId="return-dialog"
    />
  );
}
