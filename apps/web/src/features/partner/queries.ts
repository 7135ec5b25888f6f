import type { api, TInput } from '@tracehub/contract';

/** Query keys of partners; their import records, tags and options live below `all` too. */
export const partnerKeys = {
  all: ['partner'] as const,
  list: (request: TInput<typeof api.partner.page>) => [...partnerKeys.all, 'list', request] as const,
  detail: (id: number) => [...partnerKeys.all, 'detail', id] as const,
  tags: () => [...partnerKeys.all, 'tags'] as const,
  importFailures: (importId: string) => [...partnerKeys.all, 'importFailures', importId] as const,
};
