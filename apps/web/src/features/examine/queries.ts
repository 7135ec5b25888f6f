import type { api, TInput } from '@tracehub/contract';

/** Query keys of member audit (link applications to this enterprise). */
export const auditKeys = {
  all: ['memberAudit'] as const,
  list: (request: TInput<typeof api.examine.selectExamineList>) =>
    [...auditKeys.all, 'list', request] as const,
};
