import type { api, TInput } from '@tracehub/contract';

/** Query keys of members: mutations invalidate `all`. */
export const memberKeys = {
  all: ['member'] as const,
  list: (request: TInput<typeof api.member.page>) => [...memberKeys.all, 'list', request] as const,
  detail: (id: number) => [...memberKeys.all, 'detail', id] as const,
};
