import type { TInput, TMaterialRelationEndpoints, TRelationDirection } from '@tracehub/contract';

/** Query keys of one direction's mappings; its link candidates, options and import records live below `all`. */
export function relationKeys(direction: TRelationDirection) {
  const all = ['materialRelation', direction] as const;
  return {
    all,
    list: (request: TInput<TMaterialRelationEndpoints['page']>) => [...all, 'list', request] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
    candidates: (request: TInput<TMaterialRelationEndpoints['candidates']>) =>
      [...all, 'candidates', request] as const,
    partnerOptions: () => [...all, 'partnerOptions'] as const,
  };
}
