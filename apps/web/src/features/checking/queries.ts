import type { TInput, api } from '@tracehub/contract';

/** Query keys of troubleshooting (/dataChecking). */
export const checkingKeys = {
  all: ['checking'] as const,
  tasks: (request: TInput<typeof api.checking.selectTaskPage>) =>
    [...checkingKeys.all, 'tasks', request] as const,
  task: (taskId: string) => [...checkingKeys.all, 'task', taskId] as const,
  findings: (request: TInput<typeof api.checking.selectAbnormalPage>) =>
    [...checkingKeys.all, 'findings', request] as const,
  vinMap: (request: TInput<typeof api.checking.vinMapPage>) =>
    [...checkingKeys.all, 'vinMap', request] as const,
  vinTree: (taskId: string, vin: string) => [...checkingKeys.all, 'vinMapTree', taskId, vin] as const,
  companyTaskFindings: (request: TInput<typeof api.checking.companyTaskFindingPage>) =>
    [...checkingKeys.all, 'companyTaskFindings', request] as const,
  companyTaskHistory: (request: TInput<typeof api.checking.companyTaskHistoryPage>) =>
    [...checkingKeys.all, 'companyTaskHistory', request] as const,
  packages: () => [...checkingKeys.all, 'packages'] as const,
  rules: (packageId: string) => [...checkingKeys.all, 'rules', packageId] as const,
  suppliers: () => [...checkingKeys.all, 'suppliers'] as const,
  companyTasks: (request: TInput<typeof api.checking.companyTaskPage>) =>
    [...checkingKeys.all, 'companyTasks', request] as const,
  companyTask: (id: number) => [...checkingKeys.all, 'companyTask', id] as const,
};

/** Routes of the page and its hidden pages (menu-tree.ts dir 'DataChecking'). */
export const CHECK_ROUTES = {
  list: '/dataChecking/checkLog',
  companyTasks: '/dataChecking/checkLog?tab=company',
  companyTask: (id: number) => `/dataChecking/checkLog/companyTask?id=${id}`,
  detail: (taskId: string) => `/dataChecking/checkLog/detail?taskId=${encodeURIComponent(taskId)}`,
  rules: (packageId: string) =>
    `/dataChecking/checkLog/ruleDetail?packageId=${encodeURIComponent(packageId)}`,
  /** One company's abnormal data in a task: the record id is `<taskId>_<company uuid>`. */
  errorData: (taskId: string, companyUuid: string) =>
    `/dataChecking/checkLog/errorData/${encodeURIComponent(`${taskId}_${companyUuid}`)}`,
};

export function parseCheckRecordId(
  value: string | undefined,
): { taskId: string; companyUuid: string } | null {
  const at = value ? value.indexOf('_') : -1;
  return value && at > 0 ? { taskId: value.slice(0, at), companyUuid: value.slice(at + 1) } : null;
}
