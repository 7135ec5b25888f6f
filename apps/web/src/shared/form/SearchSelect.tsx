import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TOption, TRenderContext, TSearchOptions } from '../options';
import type { TFormField } from './types';

/** How long typing pauses before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

const chosenOf = (value: unknown): (string | number)[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter(
    (v): v is string | number => typeof v === 'string' || typeof v === 'number',
  );

/**
 * A select (single or multiple) whose options the server searches as the user types: the first matches of
 * the typed text plus the options of the chosen values, so chosen values keep their labels.
 */
export function SearchSelect({
  field,
  source,
  ctx,
  ...control
}: {
  field: TFormField;
  source: TSearchOptions;
  ctx: TRenderContext;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const chosen = chosenOf(control.value);
  const query = useQuery({
    queryKey: [...source.queryKey, 'search', ctx.lang, keyword, chosen],
    queryFn: () => source.load(keyword, chosen, ctx),
    placeholderData: keepPreviousData,
  });
  const options: TOption[] = query.data ?? [];
  return (
    <Select
      {...control}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      mode={field.multiple ? 'multiple' : undefined}
      maxCount={field.maxCount}
      options={options}
      loading={query.isFetching}
      disabled={field.disabled}
      placeholder={ctx.t(field.placeholder ?? 'common.list.selectPlaceholder')}
      onBlur={() => setTyped('')}
    />
  );
}
