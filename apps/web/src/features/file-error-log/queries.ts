import type { api, TInput } from '@tracehub/contract';

/** Query keys of the failed attachment transfers. */
export const fileErrorLogKeys = {
  all: ['fileErrorLog'] as const,
  list: (request: TInput<typeof api.fileErrorLog.page>) =>
    [...fileErrorLogKeys.all, 'list', request] as const,
};
