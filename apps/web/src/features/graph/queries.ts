import type { TNetworkRequest, TProductNetworkRequest } from '@tracehub/contract';

/** Query keys of the networks; everything of them lives below `all`. */
export const graphKeys = {
  all: ['graph'] as const,
  cascade: () => [...graphKeys.all, 'cascade'] as const,
  bizDate: () => [...graphKeys.all, 'bizDate'] as const,
  enterprise: (request: TNetworkRequest) => [...graphKeys.all, 'enterprise', request] as const,
  supplierMap: (request: TNetworkRequest) => [...graphKeys.all, 'supplierMap', request] as const,
  companyEvidence: (request: TNetworkRequest, companyId: string) =>
    [...graphKeys.all, 'companyEvidence', request, companyId] as const,
  products: (keyword: string) => [...graphKeys.all, 'products', keyword] as const,
  traceLabels: () => [...graphKeys.all, 'traceLabels'] as const,
  product: (request: TProductNetworkRequest) => [...graphKeys.all, 'product', request] as const,
};
