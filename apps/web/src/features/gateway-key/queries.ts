import type { api, TInput } from '@tracehub/contract';

/** Query keys of gateway keys: mutations invalidate `all`. */
export const gatewayKeyKeys = {
  all: ['gateway-key'] as const,
  list: (request: TInput<typeof api.gatewayKey.page>) => [...gatewayKeyKeys.all, 'list', request] as const,
  detail: (id: number) => [...gatewayKeyKeys.all, 'detail', id] as const,
};
