import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  api,
  MESSAGE_TYPE_KEYS,
  MESSAGE_TYPES,
  type TMessageItem,
  type TMessageType,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { defineResource, type TRenderContext } from '../../shared/list/types';
import { StatusBadge } from '../../shared/StatusBadge';
import { messageKeys, messageText } from './queries';

export const typeLabel = (type: TMessageType, ctx: Pick<TRenderContext, 'lang'>) =>
  MESSAGE_TYPES[type].name[ctx.lang];

/** Spec 4: a message is unread or read. */
export function ReadTag({ status, ctx }: { status: TMessageItem['status']; ctx: TRenderContext }) {
  return (
    <StatusBadge colour={status === 'unread' ? 'yellow' : 'grey'} variant="dot">
      {ctx.t(status === 'unread' ? 'message.status.unread' : 'message.status.read')}
    </StatusBadge>
  );
}

const isUnread = (m: TMessageItem) => m.status === 'unread';

/** The message list (spec 2.2 /message/list) as a declaration for the shared list page. */
export const messageList = defineResource({
  name: 'message/list',
  endpoint: api.message.messagePageList,
  keys: messageKeys,
  rowKey: 'id',
  columns: [
    {
      key: 'type',
      label: 'message.fields.type',
      width: 160,
      sortable: true,
      render: (r, ctx) => typeLabel(r.type, ctx),
    },
    {
      key: 'params',
      id: 'title',
      label: 'message.fields.title',
      width: 380,
      render: (r, ctx) => messageText(r, ctx).title,
    },
    {
      key: 'status',
      label: 'message.fields.status',
      width: 110,
      render: (r, ctx) => <ReadTag status={r.status} ctx={ctx} />,
    },
    { key: 'createdAt', label: 'message.fields.createdAt', format: 'datetime', sortable: true, width: 180 },
  ],
  search: [
    { type: 'text', prop: 'keyword', label: 'message.fields.title', basic: true },
    {
      type: 'select',
      prop: 'status',
      label: 'message.fields.status',
      options: ({ t }) => [
        { value: 'unread', label: t('message.status.unread') },
        { value: 'read', label: t('message.status.read') },
      ],
    },
    {
      type: 'select',
      prop: 'type',
      label: 'message.fields.type',
      multiple: true,
      options: (ctx) => MESSAGE_TYPE_KEYS.map((value) => ({ value, label: typeLabel(value, ctx) })),
    },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'message.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
  toolbar: [
    {
      key: 'markRead',
      label: 'message.actions.markRead',
      permission: 'Message:Read',
      icon: <CheckOutlined />,
      batch: true,
      run: (rows) => call(api.message.readMarkMessage, { ids: rows.map((r) => r.id) }),
      success: 'message.success.marked',
    },
    {
      key: 'markAllRead',
      label: 'message.actions.markAllRead',
      permission: 'Message:AllRead',
      confirm: (_rows, { t }) => t('message.confirm.markAllRead'),
      run: () => call(api.message.readMarkMessage, { all: true }),
      success: 'message.success.marked',
    },
    {
      key: 'delete',
      label: 'message.actions.delete',
      permission: 'Message:Delete',
      icon: <DeleteOutlined />,
      danger: true,
      batch: true,
      confirm: (rows, { t }) => t('message.confirm.deleteSelected', { count: rows.length }),
      run: (rows) => call(api.message.deleteMessage, { ids: rows.map((r) => r.id) }),
      success: 'message.success.deleted',
    },
    {
      key: 'deleteAll',
      label: 'message.actions.deleteAll',
      permission: 'Message:AllDelete',
      danger: true,
      confirm: (_rows, { t }) => t('message.confirm.deleteAll'),
      run: () => call(api.message.deleteMessage, { all: true }),
      success: 'message.success.deleted',
    },
  ],
  rowActions: [
    { key: 'view', label: 'message.actions.view', to: (r) => `/message/detail/${r.id}` },
    {
      key: 'markRead',
      label: 'message.actions.markRead',
      permission: 'Message:Read',
      visible: isUnread,
      run: (r) => call(api.message.readMarkMessage, { ids: [r.id] }),
      success: 'message.success.marked',
    },
    {
      key: 'delete',
      label: 'message.actions.delete',
      permission: 'Message:Delete',
      danger: true,
      confirm: (_r, { t }) => t('message.confirm.deleteOne'),
      run: (r) => call(api.message.deleteMessage, { ids: [r.id] }),
      success: 'message.success.deleted',
    },
  ],
});
