import { useTranslation } from 'react-i18next';
import { api, LIMITS, TICKET_DESCRIPTION_MAX, ZTicketInput, type TTicket } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { moduleOptions } from './labels';
import { ticketKeys } from './queries';
import { TicketFiles } from './TicketFiles';

const FIELDS: readonly TFormField[] = [
  { name: 'title', label: 'ticket.fields.title', maxLength: LIMITS.ticketTitleMax },
  { name: 'module', label: 'ticket.fields.module', input: 'select', options: moduleOptions },
  {
    name: 'description',
    label: 'ticket.fields.description',
    input: 'textarea',
    maxLength: TICKET_DESCRIPTION_MAX,
  },
  { name: 'fileKeys', label: 'ticket.fields.attachments', render: () => <TicketFiles /> },
];

/** Submit a work order; the contract's schema is the form's rules. */
export function TicketFormDialog({ onClose, onDone }: TResourceDialogProps<TTicket>) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('ticket.createTitle')}
      fields={FIELDS}
      schema={ZTicketInput}
      initialValues={{ fileKeys: [] }}
      submit={(request) => call(api.ticket.add, request)}
      success="ticket.created"
      invalidates={ticketKeys.all}
      onClose={onClose}
      onDone={onDone}
      testId="ticket-form-dialog"
    />
  );
}
