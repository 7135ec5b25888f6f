import { useTranslation } from 'react-i18next';
import type { api } from '@tracehub/contract';
import { AppDialog } from '../../../shared/AppDialog';
import { DetailCard, type TDetailField } from '../../../shared/DetailCard';
import { formatDateTime } from '../../../shared/format';
import type { TListItem, TResourceDialogProps } from '../../../shared/list/types';
import { OutboxStatusBadge } from './OutboxStatusBadge';

type TOutboxRow = TListItem<typeof api.operator.outboxPage>;

const DIALOG_WIDTH = 720;

const fields: readonly TDetailField<TOutboxRow>[] = [
  { key: 'to', label: 'operator.outbox.fields.to' },
  {
    key: 'status',
    label: 'operator.outbox.fields.status',
    value: (r) => <OutboxStatusBadge status={r.status} />,
  },
  { key: 'createdAt', label: 'operator.outbox.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
  { key: 'error', label: 'operator.outbox.fields.error' },
  { key: 'subject', label: 'operator.outbox.fields.subject', wide: true },
];

/** One e-mail of the outbox with its full body. */
export function OutboxDialog({ record, onClose }: TResourceDialogProps<TOutboxRow>) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      title={t('operator.outbox.detailTitle')}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      footer={null}
      testId="outbox-dialog"
    >
      <DetailCard record={record} fields={fields} columns={2} />
      <h4 className="outbox-body-title">{t('operator.outbox.fields.body')}</h4>
      <pre className="outbox-body" data-testid="outbox-body">
        {record?.body}
      </pre>
    </AppDialog>
  );
}
