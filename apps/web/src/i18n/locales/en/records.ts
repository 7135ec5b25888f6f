import type { records as zh } from '../zh/records';

export const records: typeof zh = {
  create: 'New {{noun}}',
  createTitle: 'New {{noun}}',
  editTitle: 'Edit {{noun}}',
  detailTitle: '{{Noun}} details',
  edit: 'Edit',
  delete: 'Delete',
  batchDelete: 'Bulk delete',
  created: 'Created',
  updated: 'Saved',
  deleted: 'Deleted',
  confirmDelete: 'Delete the {{noun}} "{{name}}"? This cannot be undone.',
  confirmBatchDelete: 'Delete the {{count}} selected records ({{noun}})? This cannot be undone.',
};
