import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { TLang } from '@tracehub/contract';
import { queryClient } from '../api/queryClient';

/** What renderers and option builders get: the language and the translate function. */
export interface TRenderContext {
  lang: TLang;
  t: TFunction;
}

export interface TOption {
  label: string;
  value: string | number;
  disabled?: boolean;
}

/** Options the server supplies (roles, projects): loaded once through the domain's query key. */
export interface TRemoteOptions {
  kind: 'remote';
  queryKey: QueryKey;
  load: (ctx: TRenderContext) => Promise<TOption[]>;
}

/**
 * Options the server searches as the user types, for sets too large to load whole (materials): `load`
 * answers the matches of a keyword ('' for the first ones) together with the options of the values already
 * chosen, so that a form's current values show their labels before any search.
 */
export interface TSearchOptions {
  queryKey: QueryKey;
  load: (keyword: string, chosen: readonly (string | number)[], ctx: TRenderContext) => Promise<TOption[]>;
}

/** Options of a select: built for the current language, or loaded from the server. */
export type TOptionSource = ((ctx: TRenderContext) => TOption[]) | TRemoteOptions;

/**
 * Options from a server list. The rows are cached under the domain's key (so a mutation that invalidates
 * the domain refreshes them too); only the labels are built per language.
 */
export function remoteOptions<T>(
  queryKey: QueryKey,
  fetchRows: () => Promise<T[]>,
  toOption: (row: T, ctx: TRenderContext) => TOption,
): TRemoteOptions {
  return {
    kind: 'remote',
    queryKey,
    load: async (ctx) => {
      const rows = await queryClient.fetchQuery({ queryKey, queryFn: fetchRows });
      return rows.map((row) => toOption(row, ctx));
    },
  };
}

const NO_OPTIONS: TOption[] = [];

/** The options of a source in the current language; remote ones load when first shown. */
export function useOptions(source: TOptionSource | undefined, ctx: TRenderContext): TOption[] {
  const remote = source && typeof source !== 'function' ? source : null;
  const query = useQuery({
    queryKey: [...(remote?.queryKey ?? ['no-options']), 'options', ctx.lang],
    queryFn: () => (remote ? remote.load(ctx) : Promise.resolve(NO_OPTIONS)),
    enabled: remote !== null,
  });
  if (!source) return NO_OPTIONS;
  if (typeof source === 'function') return source(ctx);
  return query.data ?? NO_OPTIONS;
}
