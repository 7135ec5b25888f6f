import { api, type TOperatorTicket } from '@tracehub/contract';
import { pickLangText } from '../../../i18n/text';
import { defineResource } from '../../../shared/list/types';
import { ticketColumns, TICKET_SEARCH } from '../labels';
import { operatorTicketKeys } from '../queries';
import { OperatorTicketDialog } from './OperatorTicketDialog';

/** The operator end's work-order queue across every enterprise: filters, details, handle and solve. */
export const operatorTicketResource = defineResource({
  name: 'operator/workOrder',
  endpoint: api.operator.ticket.page,
  keys: operatorTicketKeys,
  rowKey: 'id',
  columns: [
    {
      key: 'enterpriseName',
      label: 'ticket.fields.enterprise',
      width: 220,
      render: (r, { lang }) => pickLangText(lang, r.enterpriseName, r.enterpriseEnglishName),
    },
    ...ticketColumns<TOperatorTicket>(),
    { key: 'handlerName', label: 'ticket.fields.handler', width: 140 },
  ],
  search: [
    { type: 'text', prop: 'enterpriseName', label: 'ticket.fields.enterprise', basic: true },
    ...TICKET_SEARCH,
  ],
  rowActions: [
    {
      key: 'open',
      label: (r, { t }) =>
        r.status === 'pending'
          ? t('ticket.operator.handle')
          : r.status === 'inProgress'
            ? t('ticket.operator.solve')
            : t('common.actions.view'),
      dialog: 'detail',
    },
  ],
  dialogs: { detail: OperatorTicketDialog },
});
