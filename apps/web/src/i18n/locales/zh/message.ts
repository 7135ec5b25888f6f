export const message = {
  list: {
    description: '发送给当前账号的消息，可按类型、状态、时间和标题筛选',
  },
  detail: {
    description: '一条消息的完整内容；打开即标为已读',
    card: '消息内容',
  },
  config: {
    description: '按消息类型设置是否在控制台接收，以及是否同时发送邮件',
    receive: '控制台接收',
    email: '邮件通知',
    saved: '设置已保存',
  },
  fields: {
    type: '消息类型',
    title: '消息标题',
    body: '消息内容',
    status: '状态',
    createdAt: '发送时间',
    readAt: '阅读时间',
    link: '相关页面',
  },
  status: {
    unread: '未读',
    read: '已读',
  },
  actions: {
    view: '查看',
    markRead: '标为已读',
    markAllRead: '全部已读',
    delete: '删除',
    deleteAll: '全部删除',
    openLink: '前往查看',
  },
  confirm: {
    markAllRead: '确定将全部消息标为已读吗？',
    deleteSelected: '确定删除选中的 {{count}} 条消息吗？',
    deleteAll: '确定删除全部消息吗？删除后不可恢复。',
    deleteOne: '确定删除这条消息吗？',
  },
  success: {
    marked: '已标为已读',
    deleted: '删除成功',
  },
  bell: {
    title: '未读消息',
    empty: '暂无未读消息',
    viewAll: '查看全部消息',
    label: '消息中心，{{count}} 条未读',
  },
};
