import type { project as zh } from '../zh/project';

export const project: typeof zh = {
  listDescription:
    "The enterprise's project codes: import and export them in bulk and attach files; every change is recorded on chain",
  fields: {
    code: 'Project code',
    notes: 'Notes',
    createdAt: 'Created',
    updatedAt: 'Updated',
  },
  create: 'New project code',
  createTitle: 'New project code',
  editTitle: 'Edit project code',
  detailTitle: 'Project code details',
  edit: 'Edit',
  delete: 'Delete',
  created: 'Created',
  updated: 'Saved',
  deleted: 'Deleted',
  confirmDelete: 'Delete the project code "{{code}}"? This cannot be undone.',
};
