import { useEffect, useState } from 'react';
import { AutoComplete, Form } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  documentEndpoints,
  materialEndpoints,
  productEndpoints,
  type TDocumentTypeDef,
  type TEndpoint,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText, type TI18nKey } from '../../i18n';
import type { TRenderContext } from '../../shared/options';
import { usePermissions } from '../../shared/permissions';

/** How long typing pauses before the server is asked. */
const SUGGEST_DEBOUNCE_MS = 250;
const SUGGESTIONS_MAX = 20;

/** A suggested code with its names. */
interface TSuggestion {
  code: string;
  name: string;
  nameEn: string;
}

/** Where a picker's suggestions come from: an endpoint the session may call, and how to ask it. */
interface TSuggestSource {
  key: string;
  endpoint: TEndpoint;
  load: (keyword: string) => Promise<TSuggestion[]>;
}

/** One suggestion per code (materials and products repeat their code per batch). */
const byCode = (rows: readonly TSuggestion[]): TSuggestion[] => [
  ...new Map(rows.map((r) => [r.code, r])).values(),
];

/**
 * A code typed freely with suggestions of the enterprise's own records (the documents may name other
 * companies' codes, so nothing forces a choice). Suggestions are asked only when the session may read
 * them; choosing one fills `nameField` when it is still blank.
 */
function SuggestInput({
  source,
  ctx,
  placeholder,
  maxLength,
  nameField,
  ...control
}: {
  source: TSuggestSource;
  ctx: TRenderContext;
  placeholder: TI18nKey;
  maxLength?: number;
  nameField?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const can = usePermissions();
  const form = Form.useFormInstance();
  const allowed = can(source.endpoint.permission);
  const value = typeof control.value === 'string' ? control.value : '';
  const [keyword, setKeyword] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(value.trim()), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const query = useQuery({
    queryKey: ['document', 'suggest', source.key, keyword],
    queryFn: () => source.load(keyword),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const suggestions = byCode(query.data ?? []);
  return (
    <AutoComplete
      id={control.id}
      value={value}
      onChange={(next: string) => control.onChange?.(next)}
      onSelect={(code: string) => {
        const picked = suggestions.find((s) => s.code === code);
        if (!picked || !nameField) return;
        const current: unknown = form.getFieldValue(nameField);
        if (typeof current !== 'string' || current.trim() === '') {
          form.setFieldValue(nameField, pickLangText(ctx.lang, picked.name, picked.nameEn));
        }
      }}
      options={suggestions.map((s) => ({
        value: s.code,
        label: `${s.code} · ${pickLangText(ctx.lang, s.name, s.nameEn)}`,
      }))}
      maxLength={maxLength}
      allowClear
      placeholder={ctx.t(placeholder)}
    />
  );
}

/** The enterprise's partners of the type's side whose code or name contains the keyword. */
function partnerSource(code: string): TSuggestSource {
  const endpoint = documentEndpoints[code]!.partnerOptions;
  return {
    key: `partner-${code}`,
    endpoint,
    load: async (keyword) =>
      (await call(endpoint, { keyword: keyword || undefined }, { silent: true })).slice(0, SUGGESTIONS_MAX),
  };
}

/** The enterprise's purchased materials or products whose code or name contains the keyword. */
function itemSource(kind: 'material' | 'product'): TSuggestSource {
  if (kind === 'material') {
    const endpoint = materialEndpoints.purchased.options;
    return {
      key: 'item-material',
      endpoint,
      load: (keyword) =>
        call(endpoint, { keyword: keyword || undefined, limit: SUGGESTIONS_MAX }, { silent: true }),
    };
  }
  const endpoint = productEndpoints.selectProductInfo;
  return {
    key: 'item-product',
    endpoint,
    load: async (keyword) =>
      (
        await call(
          endpoint,
          { keyword: keyword || undefined, pageNo: 1, pageSize: SUGGESTIONS_MAX },
          { silent: true },
        )
      ).list,
  };
}

/** The counterparty's code, suggested from the enterprise's partners of the type's side. */
export function partnerPicker(code: string, maxLength: number) {
  const source = partnerSource(code);
  return (ctx: TRenderContext) => (
    <SuggestInput source={source} ctx={ctx} placeholder="document.partnerPlaceholder" maxLength={maxLength} />
  );
}

/** The item's code, suggested from the enterprise's materials or products; picking one fills its name. */
export function itemPicker(def: TDocumentTypeDef, maxLength: number) {
  if (def.item === 'none') return undefined;
  const source = itemSource(def.item);
  return (ctx: TRenderContext) => (
    <SuggestInput
      source={source}
      ctx={ctx}
      placeholder="document.itemPlaceholder"
      maxLength={maxLength}
      nameField="itemName"
    />
  );
}
