import { queryOptions } from '@tanstack/react-query';
import {
  documentCommonEndpoints,
  EMPTY_CURRENCY_CODE,
  type TDocumentEndpoints,
  type TInput,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import type { TOption, TRemoteOptions, TRenderContext } from '../../shared/options';

/** Query keys of one document type; its import records live below `all` too. */
export function documentKeys(code: string) {
  const all = ['document', code] as const;
  return {
    all,
    list: (request: TInput<TDocumentEndpoints['page']>) => [...all, 'list', request] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

/**
 * The currencies documents may use (spec 7 GET /common/getAllCurrency): a fixed list, loaded once when the
 * main layout mounts and kept for the session.
 */
export const currenciesQuery = queryOptions({
  queryKey: ['document', 'currencies'] as const,
  queryFn: ({ signal }) => call(documentCommonEndpoints.currencies, {}, { silent: true, signal }),
  staleTime: Infinity,
});

/** Started by the layout so that the first document form has its currencies at hand. */
export function prefetchCurrencies(): Promise<void> {
  return queryClient.prefetchQuery(currenciesQuery);
}

/** A currency's name in the language (spec 7: the client names it by nameEn in English). */
const currencyLabel = (c: { code: string; name: string; nameEn: string }, { lang }: TRenderContext) =>
  `${c.code} · ${lang === 'en' ? c.nameEn : c.name}`;

/**
 * The currency select's options. A form's list starts with the synthetic "(Empty)" option of code -1
 * (spec 3 "Currency option"), which the request schema reads as no currency; a search's list does not.
 */
export function currencyOptions(withEmpty: boolean): TRemoteOptions {
  return {
    kind: 'remote',
    queryKey: [...currenciesQuery.queryKey, withEmpty ? 'form' : 'search'],
    load: async (ctx) => {
      const currencies = await queryClient.fetchQuery(currenciesQuery);
      const options: TOption[] = currencies.map((c) => ({ value: c.code, label: currencyLabel(c, ctx) }));
      return withEmpty
        ? [{ value: EMPTY_CURRENCY_CODE, label: ctx.t('document.emptyCurrency') }, ...options]
        : options;
    },
  };
}
