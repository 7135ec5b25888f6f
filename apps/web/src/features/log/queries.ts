import type { TInput } from '@tracehub/contract';
import type { api } from '@tracehub/contract';

/** Query keys of the account log (sign-ins). */
export const logKeys = {
  all: ['log'] as const,
  list: (request: TInput<typeof api.log.selectLogPage>) => [...logKeys.all, 'list', request] as const,
  detail: (id: number) => [...logKeys.all, 'detail', id] as const,
};

/** Query keys of the audit trail (data changes). */
export const auditKeys = {
  all: ['log', 'audit'] as const,
  list: (request: TInput<typeof api.log.selectAuditPage>) => [...auditKeys.all, 'list', request] as const,
  detail: (id: number) => [...auditKeys.all, 'detail', id] as const,
};
