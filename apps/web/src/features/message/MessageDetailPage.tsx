import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TMessageItem } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { ReadTag, typeLabel } from './messageList';
import { messageKeys, messageText } from './queries';
import './message.css';

/** One message (spec 2.2 /message/detail/:id); opening it marks it read, and the bell follows at once. */
export default function MessageDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: messageKeys.detail(id),
    queryFn: () => call(api.message.messageFindInfo, { id }),
    enabled: valid,
  });
  const readAt = query.data?.readAt;
  useEffect(() => {
    if (readAt === undefined) return;
    for (const key of [messageKeys.unread(), messageKeys.latest(), [...messageKeys.all, 'list']]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }, [readAt, queryClient]);

  const fields: TDetailField<TMessageItem>[] = [
    { key: 'type', label: 'message.fields.type', value: (r, ctx) => typeLabel(r.type, ctx) },
    {
      key: 'status',
      label: 'message.fields.status',
      value: (r, ctx) => <ReadTag status={r.status} ctx={ctx} />,
    },
    { key: 'createdAt', label: 'message.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
    { key: 'readAt', label: 'message.fields.readAt', value: (r) => formatDateTime(r.readAt) },
    {
      key: 'title',
      label: 'message.fields.title',
      wide: true,
      value: (r) => <span data-testid="message-title">{messageText(r, { lang }).title}</span>,
    },
    {
      key: 'body',
      label: 'message.fields.body',
      wide: true,
      value: (r) => (
        <span className="message-body" data-testid="message-body">
          {messageText(r, { lang }).body}
        </span>
      ),
    },
    {
      key: 'link',
      label: 'message.fields.link',
      wide: true,
      value: (r) => (r.link ? <Link to={r.link}>{t('message.actions.openLink')}</Link> : null),
    },
  ];

  return (
    <DetailCard
      title={t('message.detail.card')}
      record={query.data}
      fields={fields}
      loading={query.isPending && valid}
      testId="message-detail-card"
    />
  );
}
