import type { ReactNode } from 'react';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TI18nKey } from '../../i18n';
import { DATE_FORMATS, type TRange } from '../dateRange';
import { DateRangeInput } from '../DateRangeInput';
import { useOptions } from '../options';
import { RANGE_KIND, type TCombinationValue } from './searchValues';
import type { TRenderContext, TSearchField } from './types';

type TCombinationField = Extract<TSearchField, { type: 'combination' }>;

/** A text box with a dropdown choosing which field the text searches (spec 2.5 "combination"). */
export function CombinationInput({
  items,
  value,
  onChange,
  onPressEnter,
  id,
  className,
  children,
}: {
  items: TCombinationField['items'];
  value?: TCombinationValue;
  onChange?: (value: TCombinationValue) => void;
  onPressEnter?: () => void;
  id?: string;
  className?: string;
  /** Joined to the box's end (the basic mode's search button). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const prop = value?.prop ?? items[0]?.prop ?? '';
  const chosen = items.find((item) => item.prop === prop) ?? items[0];
  return (
    <Space.Compact className={`search-combination ${className ?? ''}`} id={id}>
      {items.length > 1 && (
        <Select
          className="search-combination-field"
          value={prop}
          onChange={(next: string) => onChange?.({ prop: next, text: value?.text ?? '' })}
          options={items.map((item) => ({ value: item.prop, label: t(item.label) }))}
          popupMatchSelectWidth={false}
          aria-label={t('common.list.searchField')}
          data-testid="search-combination-field"
        />
      )}
      <Input
        allowClear
        value={value?.text ?? ''}
        onChange={(event) => onChange?.({ prop, text: event.target.value })}
        onPressEnter={onPressEnter}
        placeholder={chosen ? t('common.list.inputPlaceholder', { field: t(chosen.label) }) : ''}
        aria-label={chosen ? t(chosen.label) : t('common.actions.search')}
        data-testid="search-combination-input"
      />
      {children}
    </Space.Compact>
  );
}

function placeholderOf(field: TSearchField, ctx: TRenderContext, select: boolean): string {
  if (field.placeholder) return ctx.t(field.placeholder);
  return select
    ? ctx.t('common.list.selectPlaceholder')
    : ctx.t('common.list.inputPlaceholder', { field: ctx.t(field.label as TI18nKey) });
}

/** Select whose options may load from the server; filterable and clearable (spec 2.5). */
function OptionSelect({
  field,
  ctx,
  ...control
}: {
  field: Extract<TSearchField, { type: 'select' }>;
  ctx: TRenderContext;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}) {
  const options = useOptions(field.options, ctx);
  return (
    <Select
      {...control}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={field.multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      placeholder={placeholderOf(field, ctx, true)}
      options={options}
    />
  );
}

/**
 * The control of one search field in the advanced box (Enter submits the box's form). antd's Form.Item
 * passes value/onChange/id through the props it clones onto its child, so every branch accepts them.
 */
export function SearchFieldControl({
  field,
  ctx,
  ...control
}: {
  field: TSearchField;
  ctx: TRenderContext;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}) {
  switch (field.type) {
    case 'text':
      return (
        <Input
          {...(control as { value?: string })}
          allowClear
          placeholder={placeholderOf(field, ctx, false)}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...(control as { value?: number })}
          className="search-number"
          min={field.min}
          max={field.max}
          placeholder={placeholderOf(field, ctx, false)}
        />
      );
    case 'select':
      return <OptionSelect field={field} ctx={ctx} {...control} />;
    case 'date':
      return (
        <DatePicker
          {...(control as object)}
          className="search-date"
          format={DATE_FORMATS.date.shown}
          placeholder={placeholderOf(field, ctx, true)}
        />
      );
    case 'daterange':
    case 'datetimerange':
    case 'monthrange':
      return <DateRangeInput kind={RANGE_KIND[field.type]} {...(control as { value?: TRange })} />;
    case 'combination':
      return <CombinationInput items={field.items} {...(control as { value?: TCombinationValue })} />;
  }
}
