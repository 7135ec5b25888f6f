import { useState } from 'react';
import { App, Form, Input } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  api,
  TICKET_REMARK_MAX,
  validationMessage,
  ZTicketRemark,
  type TOperatorTicket,
} from '@tracehub/contract';
import { call } from '../../../api/client';
import { useLang } from '../../../i18n';
import { pickLangText } from '../../../i18n/text';
import { AppDialog } from '../../../shared/AppDialog';
import type { TResourceDialogProps } from '../../../shared/list/types';
import { operatorTicketKeys } from '../queries';
import { TicketDetailView } from '../TicketDetailView';
import '../ticket.css';

const DIALOG_WIDTH = 760;
const ZSolveRemark = ZTicketRemark.min(1);

/**
 * One work order on the operator end: its details, attachments and status log; a Pending one is taken in
 * hand, one In progress is solved with a remark (at most 100 characters, the contract's rule).
 */
export function OperatorTicketDialog({ record, onClose, onDone }: TResourceDialogProps<TOperatorTicket>) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const id = record?.id ?? 0;
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const detail = useQuery({
    queryKey: operatorTicketKeys.detail(id),
    queryFn: ({ signal }) => call(api.operator.ticket.detail, { id }, { signal }),
    enabled: record !== null,
  });
  const ticket = detail.data;
  const action = ticket?.status === 'pending' ? 'handle' : ticket?.status === 'inProgress' ? 'solve' : null;

  const act = async () => {
    if (!action || sending) return;
    if (action === 'solve') {
      // The contract's rule decides; the message names which bound failed.
      if (!ZSolveRemark.safeParse(remark).success) {
        const field = t('ticket.fields.remark');
        setProblem(
          remark.trim()
            ? validationMessage('v.tooLong', lang, { field, max: TICKET_REMARK_MAX })
            : validationMessage('v.required', lang, { field }),
        );
        return;
      }
    }
    setSending(true);
    try {
      if (action === 'handle') await call(api.operator.ticket.handle, { id });
      else await call(api.operator.ticket.solve, { id, remark });
      void message.success(t(action === 'handle' ? 'ticket.operator.handled' : 'ticket.operator.solved'));
      await queryClient.invalidateQueries({ queryKey: operatorTicketKeys.all });
      onDone();
    } catch {
      // The client has shown why.
    } finally {
      setSending(false);
    }
  };

  return (
    <AppDialog
      open
      title={t('ticket.detailTitle')}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      onConfirm={action ? () => void act() : onClose}
      confirmText={
        action === 'handle'
          ? t('ticket.operator.handle')
          : action === 'solve'
            ? t('ticket.operator.solve')
            : undefined
      }
      loading={!ticket}
      submitting={sending}
      testId="operator-ticket-dialog"
    >
      {ticket && (
        <>
          <TicketDetailView
            ticket={ticket}
            log={ticket.statusLog}
            enterprise={pickLangText(lang, ticket.enterpriseName, ticket.enterpriseEnglishName) ?? ''}
            download={(fileKey) => call(api.operator.ticket.attachmentLink, { id, fileKey })}
          />
          {action === 'solve' && (
            <Form layout="vertical" className="ticket-log">
              <Form.Item
                label={t('ticket.fields.remark')}
                required
                validateStatus={problem ? 'error' : undefined}
                help={problem}
              >
                <Input.TextArea
                  value={remark}
                  maxLength={TICKET_REMARK_MAX}
                  showCount
                  rows={3}
                  placeholder={t('ticket.operator.remarkPlaceholder')}
                  data-testid="ticket-solve-remark"
                  onChange={(e) => {
                    setRemark(e.target.value);
                    setProblem(null);
                  }}
                />
              </Form.Item>
            </Form>
          )}
        </>
      )}
    </AppDialog>
  );
}
