import { useState } from 'react';
import { Badge, Button, Empty, List, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, LIMITS } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { formatDateTime } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { messageKeys, messageText, useUnreadCount } from './queries';
import './message.css';

const LATEST_SHOWN = 5;

/** The navbar's bell (spec 2.2): the unread count, capped at 99+, and the latest unread messages. */
export function MessageBell() {
  const can = usePermissions();
  return can('MessageList') ? <Bell /> : null;
}

function Bell() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount(true).data?.count ?? 0;
  const latest = useQuery({
    queryKey: messageKeys.latest(),
    queryFn: () => call(api.message.messagePageList, { status: 'unread', pageNo: 1, pageSize: LATEST_SHOWN }),
    enabled: open,
  });
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };

  const content = (
    <div className="message-bell-popover" data-testid="message-bell-popover">
      {latest.data && latest.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.bell.empty')} />
      ) : (
        <List
          size="small"
          loading={latest.isPending}
          dataSource={latest.data?.list ?? []}
          renderItem={(m) => (
            <List.Item
              key={m.id}
              className="message-bell-item"
              onClick={() => go(`/message/detail/${m.id}`)}
              data-testid="message-bell-item"
            >
              <List.Item.Meta
                title={messageText(m, { lang }).title}
                description={formatDateTime(m.createdAt)}
              />
            </List.Item>
          )}
        />
      )}
      <Button type="link" block onClick={() => go('/message/list')} data-testid="message-bell-all">
        {t('message.bell.viewAll')}
      </Button>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('message.bell.title')}
      content={content}
      open={open}
      onOpenChange={setOpen}
    >
      <button
        type="button"
        className="icon-button message-bell"
        aria-label={t('message.bell.label', { count })}
        data-testid="message-bell"
      >
        <Badge count={count} overflowCount={LIMITS.unreadBadgeMax} size="small" data-testid="message-badge">
          <BellOutlined />
        </Badge>
      </button>
    </Popover>
  );
}
