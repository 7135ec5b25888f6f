import type { tasks as zh } from '../zh/tasks';

export const tasks: typeof zh = {
  status: {
    pending: 'Pending',
    underway: 'Underway',
    suspended: 'Suspended',
    cancelled: 'Cancelled',
    withdrawn: 'Withdrawn',
    completed: 'Completed',
    failed: 'Failed',
  },
  fields: {
    status: 'Status',
    progress: 'Progress',
    reason: 'Reason',
    operator: 'Operator',
    createdAt: 'Created',
    finishedAt: 'Finished',
    actions: 'Actions',
  },
  progress: {
    pending: 'Queued, waiting to run…',
    underway: '{{done}} of {{total}} handled',
    counting: 'Running…',
  },
  actions: {
    retry: 'Retry',
    cancel: 'Cancel',
    withdraw: 'Withdraw',
    download: 'Download result',
  },
  confirm: {
    retry: 'Retry this task? Unless the problem is fixed, it may fail or be suspended again.',
    cancel: 'Cancel this task? A cancelled task cannot be resumed.',
    withdraw: 'Withdraw this task?',
  },
  done: {
    retry: 'The task is queued again',
    cancel: 'The task was cancelled',
    withdraw: 'The task was withdrawn',
  },
  empty: 'No tasks',
};
