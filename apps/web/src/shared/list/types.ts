import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { TEndpoint, TInput, TLang, TOutput } from '@tracehub/contract';
import type { TI18nKey } from '../../i18n';

/** What renderers and option builders get: the language and the translate function. */
export interface TRenderContext {
  lang: TLang;
  t: TFunction;
}

/** The row type of a list endpoint (its output is `{list, total}`). */
export type TListItem<E> = TOutput<E> extends { list: (infer T)[] } ? T : never;

export interface TColumnDef<T> {
  key: keyof T & string;
  label: TI18nKey;
  /** Clamped to the spec's 88-500 px. */
  width?: number;
  sortable?: boolean;
  format?: 'datetime';
  /** Escape hatch for a custom cell; blank results still show "--". */
  render?: (record: T, ctx: TRenderContext) => ReactNode;
}

export interface TOption {
  label: string;
  value: string;
}

/** Search fields as data (spec 2.5 "Search item shape"): `basic` ones appear in the one-box basic mode. */
export type TSearchField =
  | { type: 'text'; prop: string; label: TI18nKey; basic?: boolean }
  | {
      type: 'select';
      prop: string;
      label: TI18nKey;
      multiple?: boolean;
      options: (ctx: TRenderContext) => TOption[];
    }
  | { type: 'datetimerange'; prop: string; props: readonly [from: string, to: string]; label: TI18nKey };

/** A list page as a declaration: endpoint, columns, search fields and row actions. */
export interface TListResource<E extends TEndpoint> {
  /** Route name of the page; keys the stored search mode. */
  name: string;
  endpoint: E;
  /** The domain's query-key factory for this list. */
  queryKey: (request: TInput<E>) => QueryKey;
  rowKey: keyof TListItem<E> & string;
  columns: readonly TColumnDef<TListItem<E>>[];
  search: readonly TSearchField[];
  /** Cells of the trailing action column. */
  actions?: (record: TListItem<E>, ctx: TRenderContext) => ReactNode;
}

export function defineList<E extends TEndpoint>(resource: TListResource<E>): TListResource<E> {
  return resource;
}
