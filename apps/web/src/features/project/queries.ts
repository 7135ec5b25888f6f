import type { api, TInput } from '@tracehub/contract';

/** Query keys of project codes; their import records live below `all` too. */
export const projectKeys = {
  all: ['project'] as const,
  list: (request: TInput<typeof api.project.page>) => [...projectKeys.all, 'list', request] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
};
