import type { ReactNode } from 'react';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@tracehub/contract';
import { useLang, type TI18nKey } from '../i18n';
import type { TRenderContext } from './options';
import { EMPTY_TEXT, isBlank } from './format';

export interface TDetailField<T> {
  key: string;
  label: TI18nKey;
  /** The value to show; defaults to record[key]. Blank values show "--". */
  value?: (record: T, ctx: TRenderContext) => ReactNode;
  /** Takes the rest of its row (long texts, addresses). */
  wide?: boolean;
}

function defaultValue<T>(record: T, key: string): ReactNode {
  const value = (record as Record<string, unknown>)[key];
  if (isBlank(value)) return null;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Label/value pairs in 2 columns by default, "--" for empty values (spec 2.5). */
export function DetailCard<T>({
  title,
  record,
  fields,
  columns = LIMITS.detailCardColumns,
  extra,
  loading,
  testId,
}: {
  title?: ReactNode;
  record: T | null | undefined;
  fields: readonly TDetailField<T>[];
  columns?: number;
  extra?: ReactNode;
  loading?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const ctx: TRenderContext = { lang, t };
  const items = fields.map((field) => {
    const value = record ? (field.value ? field.value(record, ctx) : defaultValue(record, field.key)) : null;
    return {
      key: field.key,
      label: t(field.label),
      span: field.wide ? ('filled' as const) : undefined,
      children: isBlank(value) ? EMPTY_TEXT : value,
    };
  });
  return (
    <Card className="th-card detail-card" title={title} extra={extra} loading={loading} data-testid={testId}>
      <Descriptions bordered column={{ xs: 1, sm: 1, md: columns }} items={items} size="middle" />
    </Card>
  );
}
