import type { api, TInput } from '@tracehub/contract';

type E = typeof api.trace;

/** Query keys of the project data drill-down; every list of it lives below `all`. */
export const dataManagementKeys = {
  all: ['dataManagement'] as const,
  projects: (request: TInput<E['projectPage']>) => [...dataManagementKeys.all, 'projects', request] as const,
  products: (request: TInput<E['productPage']>) => [...dataManagementKeys.all, 'products', request] as const,
  materials: (request: TInput<E['materialPage']>) =>
    [...dataManagementKeys.all, 'materials', request] as const,
  suppliers: (request: TInput<E['supplierPage']>) =>
    [...dataManagementKeys.all, 'suppliers', request] as const,
};
