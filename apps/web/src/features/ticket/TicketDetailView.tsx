import type { ReactNode } from 'react';
import { Button, Descriptions, Empty, Space, Timeline, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TPreDownload, TTicketDetail, TTicketLogEntry } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { moduleText, TicketStatusBadge } from './labels';

/** Follows a session-free download link at once: the browser saves the file under the server's name. */
export async function openLink(fetchLink: () => Promise<TPreDownload>): Promise<void> {
  try {
    const link = await fetchLink();
    const anchor = document.createElement('a');
    anchor.href = link.url;
    anchor.download = link.fileName;
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  } catch {
    // The client has shown why.
  }
}

/** A work order's fields, attachments and (when given) status log, for both ends' detail dialogs. */
export function TicketDetailView({
  ticket,
  log,
  enterprise,
  download,
}: {
  ticket: TTicketDetail;
  /** Undefined: the reader may not see the status log. */
  log?: readonly TTicketLogEntry[];
  enterprise?: string;
  download: (fileKey: string) => Promise<TPreDownload>;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const ctx = { t, lang };
  const text = (v: ReactNode) => v ?? EMPTY_TEXT;
  return (
    <div data-testid="ticket-detail">
      <Descriptions
        bordered
        size="middle"
        column={2}
        items={[
          { key: 'no', label: t('ticket.fields.ticketNo'), children: ticket.ticketNo },
          {
            key: 'status',
            label: t('ticket.fields.status'),
            children: <TicketStatusBadge status={ticket.status} ctx={ctx} />,
          },
          ...(enterprise
            ? [
                {
                  key: 'ent',
                  label: t('ticket.fields.enterprise'),
                  children: enterprise,
                  span: 'filled' as const,
                },
              ]
            : []),
          { key: 'title', label: t('ticket.fields.title'), children: ticket.title, span: 'filled' as const },
          { key: 'module', label: t('ticket.fields.module'), children: moduleText(ticket.module, lang) },
          { key: 'submitter', label: t('ticket.fields.submitter'), children: text(ticket.submitterName) },
          { key: 'created', label: t('ticket.fields.createdAt'), children: formatDateTime(ticket.createdAt) },
          { key: 'handler', label: t('ticket.fields.handler'), children: text(ticket.handlerName) },
          {
            key: 'description',
            label: t('ticket.fields.description'),
            span: 'filled' as const,
            children: (
              <Typography.Paragraph className="ticket-text">{ticket.description}</Typography.Paragraph>
            ),
          },
          {
            key: 'remark',
            label: t('ticket.fields.remark'),
            span: 'filled' as const,
            children: <span data-testid="ticket-remark">{text(ticket.remark)}</span>,
          },
          {
            key: 'files',
            label: t('ticket.fields.attachments'),
            span: 'filled' as const,
            children: ticket.attachments.length ? (
              <Space direction="vertical" size={0}>
                {ticket.attachments.map((f) => (
                  <Button
                    key={f.fileKey}
                    type="link"
                    size="small"
                    icon={<PaperClipOutlined />}
                    data-testid="ticket-attachment"
                    onClick={() => void openLink(() => download(f.fileKey))}
                  >
                    {f.fileName}
                  </Button>
                ))}
              </Space>
            ) : (
              t('ticket.files.none')
            ),
          },
        ]}
      />
      {log && (
        <div className="ticket-log" data-testid="ticket-log">
          <Typography.Title level={5}>{t('ticket.log.title')}</Typography.Title>
          {log.length === 0 ? (
            <Empty description={t('ticket.log.empty')} />
          ) : (
            <Timeline
              items={log.map((e) => ({
                key: e.id,
                children: (
                  <div data-testid="ticket-log-entry">
                    <strong>{t(`ticket.log.actions.${e.action}`)}</strong>
                    {' · '}
                    <TicketStatusBadge status={e.toStatus} ctx={ctx} />
                    <div>
                      {e.actorEnd === 'operator' ? t('ticket.log.operator') : null}
                      {e.actorEnd === 'operator' && e.actorName ? ' ' : null}
                      {e.actorName ?? ''} · {formatDateTime(e.createdAt)}
                    </div>
                    {e.remark && <div>{e.remark}</div>}
                  </div>
                ),
              }))}
            />
          )}
        </div>
      )}
    </div>
  );
}
