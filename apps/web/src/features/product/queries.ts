import type { api, TInput } from '@tracehub/contract';

/** Query keys of products; their carbon footprints, pickers and import records live below `all` too. */
export const productKeys = {
  all: ['product'] as const,
  list: (request: TInput<typeof api.product.selectProductInfo>) =>
    [...productKeys.all, 'list', request] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  /** A product's carbon footprint history (one page of it). */
  carbonHistory: (request: TInput<typeof api.carbon.queryCarbonFootprintList>) =>
    [...productKeys.all, 'carbonHistory', request] as const,
  projectOptions: () => [...productKeys.all, 'projectOptions'] as const,
  materialOptions: () => [...productKeys.all, 'materialOptions'] as const,
};
