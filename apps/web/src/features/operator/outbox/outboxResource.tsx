import { api } from '@tracehub/contract';
import { defineResource } from '../../../shared/list/types';
import { operatorKeys } from '../queries';
import { OutboxDialog } from './OutboxDialog';
import { OutboxStatusBadge } from './OutboxStatusBadge';

const OUTBOX_STATUS = ['stored', 'sent', 'failed'] as const;

/** Every e-mail the platform sent or stored; the body opens in a dialog (demos read codes here). */
export const outboxResource = defineResource({
  name: 'operator/outbox',
  endpoint: api.operator.outboxPage,
  keys: operatorKeys.outbox,
  rowKey: 'id',
  columns: [
    {
      key: 'createdAt',
      label: 'operator.outbox.fields.createdAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
    { key: 'to', label: 'operator.outbox.fields.to', width: 240, sortable: true },
    { key: 'subject', label: 'operator.outbox.fields.subject', width: 360 },
    {
      key: 'status',
      label: 'operator.outbox.fields.status',
      width: 120,
      filter: {
        prop: 'status',
        options: ({ t }) =>
          OUTBOX_STATUS.map((value) => ({ value, label: t(`operator.outbox.status.${value}`) })),
      },
      render: (r) => <OutboxStatusBadge status={r.status} />,
    },
    { key: 'error', label: 'operator.outbox.fields.error', width: 200 },
  ],
  search: [{ type: 'text', prop: 'to', label: 'operator.outbox.fields.to', basic: true }],
  rowActions: [{ key: 'view', label: 'operator.outbox.actions.view', dialog: 'view' }],
  dialogs: { view: OutboxDialog },
});
