import type { TInput, api } from '@tracehub/contract';

/** Query keys of the evidence-package export tasks (/task/taskList). */
export const evidenceKeys = {
  all: ['evidenceTask'] as const,
  tasks: (request: TInput<typeof api.evidenceTask.getMainEvidencesPage>) =>
    [...evidenceKeys.all, 'tasks', request] as const,
  task: (taskId: string) => [...evidenceKeys.all, 'task', taskId] as const,
  items: (request: TInput<typeof api.evidenceTask.getMainEvidencesInfo>) =>
    [...evidenceKeys.all, 'items', request] as const,
  projects: () => [...evidenceKeys.all, 'projects'] as const,
  partners: () => [...evidenceKeys.all, 'partners'] as const,
  limit: () => [...evidenceKeys.all, 'limit'] as const,
};
