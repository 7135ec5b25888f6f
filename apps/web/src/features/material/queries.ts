import type { TInput, TMaterialEndpoints, TMaterialNature } from '@tracehub/contract';

/** Query keys of one nature's materials; their import records and picker options live below `all` too. */
export function materialKeys(nature: TMaterialNature) {
  const all = ['material', nature] as const;
  return {
    all,
    list: (request: TInput<TMaterialEndpoints['page']>) => [...all, 'list', request] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}
