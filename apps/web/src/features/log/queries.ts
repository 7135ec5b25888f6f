import type { TInput } from '@tracehub/contract';
import type { api } from '@tracehub/contract';

/** Query keys of the account log. */
export const logKeys = {
  all: ['log'] as const,
  list: (request: TInput<typeof api.log.selectLogPage>) => [...logKeys.all, 'list', request] as const,
  detail: (id: number) => [...logKeys.all, 'detail', id] as const,
};
