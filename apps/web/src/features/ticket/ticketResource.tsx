import { PlusOutlined } from '@ant-design/icons';
import { api, TICKET_DELETABLE, TICKET_TRANSITIONS } from '@tracehub/contract';
import { call } from '../../api/client';
import { defineResource } from '../../shared/list/types';
import { ticketColumns, TICKET_SEARCH } from './labels';
import { recycleKeys, ticketKeys } from './queries';
import { TicketDetailDialog } from './TicketDetailDialog';
import { TicketFormDialog } from './TicketFormDialog';

/**
 * The enterprise's work orders (spec 2.2 /issue/list, 4): search, submit, details with attachments and
 * status log, revoke an open one, delete a finished one to the recycle bin.
 */
export const ticketResource = defineResource({
  name: 'issue/list',
  endpoint: api.ticket.page,
  keys: ticketKeys,
  rowKey: 'id',
  columns: ticketColumns(),
  search: TICKET_SEARCH,
  toolbar: [
    {
      key: 'create',
      label: 'ticket.create',
      permission: 'CreateWorkOrder',
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
  ],
  rowActions: [
    { key: 'view', label: 'common.actions.view', dialog: 'detail' },
    {
      key: 'revoke',
      label: 'ticket.revoke',
      permission: 'CancelWorkOrder',
      visible: (r) => TICKET_TRANSITIONS.revoke.from.includes(r.status),
      confirm: (r, { t }) => t('ticket.confirmRevoke', { no: r.ticketNo }),
      run: (r) => call(api.ticket.revoke, { id: r.id }),
      success: 'ticket.revoked',
    },
    {
      key: 'delete',
      label: 'ticket.delete',
      permission: 'DeleteWorkOrder',
      danger: true,
      visible: (r) => TICKET_DELETABLE.includes(r.status),
      confirm: (r, { t }) => t('ticket.confirmDelete', { no: r.ticketNo }),
      run: (r) => call(api.ticket.delete, { id: r.id }),
      success: 'ticket.deleted',
    },
  ],
  dialogs: { form: TicketFormDialog, detail: TicketDetailDialog },
});

/** The recycle bin (spec 2.3): deleted work orders, restored to the list or purged with their files. */
export const recycleResource = defineResource({
  name: 'issue/recycle',
  endpoint: api.ticket.recyclePage,
  keys: recycleKeys,
  rowKey: 'id',
  columns: [
    ...ticketColumns(),
    { key: 'deletedAt', label: 'ticket.fields.deletedAt', width: 180, format: 'datetime', sortable: true },
  ],
  search: TICKET_SEARCH,
  rowActions: [
    { key: 'view', label: 'common.actions.view', dialog: 'detail' },
    {
      key: 'restore',
      label: 'ticket.restore',
      permission: 'IssueRecycle:Restore',
      confirm: (r, { t }) => t('ticket.confirmRestore', { no: r.ticketNo }),
      run: (r) => call(api.ticket.restore, { id: r.id }),
      success: 'ticket.restored',
    },
    {
      key: 'purge',
      label: 'ticket.purge',
      permission: 'IssueRecycle:Purge',
      danger: true,
      confirm: (r, { t }) => t('ticket.confirmPurge', { no: r.ticketNo }),
      run: (r) => call(api.ticket.purge, { id: r.id }),
      success: 'ticket.purged',
    },
  ],
  dialogs: { detail: TicketDetailDialog },
});
