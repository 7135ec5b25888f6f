import type { message as zh } from '../zh/message';

export const message: typeof zh = {
  list: {
    description: 'Messages sent to this account, filtered by type, status, time and title',
  },
  detail: {
    description: 'The full content of one message; opening it marks it read',
    card: 'Message',
  },
  config: {
    description: 'For each type of message, whether it shows in the console and whether it is also e-mailed',
    receive: 'In the console',
    email: 'By e-mail',
    saved: 'Settings saved',
  },
  fields: {
    type: 'Type',
    title: 'Title',
    body: 'Content',
    status: 'Status',
    createdAt: 'Sent',
    readAt: 'Read',
    link: 'Related page',
  },
  status: {
    unread: 'Unread',
    read: 'Read',
  },
  actions: {
    view: 'View',
    markRead: 'Mark as read',
    markAllRead: 'Mark all as read',
    delete: 'Delete',
    deleteAll: 'Delete all',
    openLink: 'Open',
  },
  confirm: {
    markAllRead: 'Mark every message as read?',
    deleteSelected: 'Delete the {{count}} selected messages?',
    deleteAll: 'Delete every message? This cannot be undone.',
    deleteOne: 'Delete this message?',
  },
  success: {
    marked: 'Marked as read',
    deleted: 'Deleted',
  },
  bell: {
    title: 'Unread messages',
    empty: 'No unread messages',
    viewAll: 'All messages',
    label: 'Message centre, {{count}} unread',
  },
};
