import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TTicket } from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import { usePermissions } from '../../shared/permissions';
import type { TResourceDialogProps } from '../../shared/list/types';
import { ticketKeys } from './queries';
import { TicketDetailView } from './TicketDetailView';
import './ticket.css';

const DETAIL_DIALOG_WIDTH = 760;

/** One of the enterprise's work orders, with its attachments and, for ViewStatusLog holders, its status log. */
export function TicketDetailDialog({ record, onClose }: TResourceDialogProps<TTicket>) {
  const { t } = useTranslation();
  const can = usePermissions();
  const id = record?.id ?? 0;
  const mayViewLog = can('ViewStatusLog');
  const detail = useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => call(api.ticket.detail, { id }, { signal }),
    enabled: record !== null,
  });
  const log = useQuery({
    queryKey: ticketKeys.log(id),
    queryFn: ({ signal }) => call(api.ticket.statusLog, { id }, { signal }),
    enabled: record !== null && mayViewLog,
  });
  return (
    <AppDialog
      open
      title={t('ticket.detailTitle')}
      width={DETAIL_DIALOG_WIDTH}
      onCancel={onClose}
      readOnly
      loading={!detail.data}
      testId="ticket-detail-dialog"
    >
      {detail.data && (
        <TicketDetailView
          ticket={detail.data}
          log={mayViewLog ? (log.data ?? []) : undefined}
          download={(fileKey) => call(api.ticket.attachmentLink, { id, fileKey })}
        />
      )}
    </AppDialog>
  );
}
