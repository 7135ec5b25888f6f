import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Form, Row, Space } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n';
import type { TRequestValues } from './listState';
import { requestKeysOf } from './listState';
import { CombinationInput, SearchFieldControl } from './SearchField';
import {
  defaultFormValues,
  splitValues,
  toFormValues,
  toRequestValues,
  type TCombinationValue,
} from './searchValues';
import type { TRenderContext, TSearchField } from './types';

type TMode = 'basic' | 'advanced';

const MODE_KEY_PREFIX = 'tracehub_search_mode:';
/** Advanced fields shown before the "expand" link. */
const COLLAPSED_FIELD_COUNT = 3;
const WIDE_TYPES: ReadonlySet<TSearchField['type']> = new Set(['daterange', 'datetimerange', 'monthrange']);

/** The mode last chosen on this route in this browser tab (spec 2.5: per route name, session storage). */
function storedMode(routeName: string, hasBasic: boolean): TMode {
  const value = sessionStorage.getItem(MODE_KEY_PREFIX + routeName);
  if (value === 'advanced' || !hasBasic) return 'advanced';
  return 'basic';
}

/** The items of the one-box basic mode: a basic combination's items, or the basic text fields. */
function basicItems(fields: readonly TSearchField[]): { prop: string; label: TSearchField['label'] }[] {
  return fields.flatMap((field) => {
    if (field.type === 'combination' && field.basic) return field.items;
    if (field.type === 'text' && field.basic) return [{ prop: field.prop, label: field.label }];
    return [];
  });
}

/** The current search values of the keys, as a stable string: only a real change re-fills the form. */
function signatureOf(keys: readonly string[], values: TRequestValues): string {
  return JSON.stringify(keys.map((key) => values[key] ?? null));
}

/**
 * The shared search panel (spec 2.5): a basic mode with one search box (and a field chooser when several
 * fields are basic) and an advanced mode with every field, Search and Reset. The mode is kept per route in
 * session storage. Search emits the values of every field; Reset restores the defaults and emits clear.
 */
export function SearchPanel({
  routeName,
  fields,
  values,
  onSearch,
  onReset,
}: {
  routeName: string;
  fields: readonly TSearchField[];
  values: TRequestValues;
  onSearch: (values: TRequestValues) => void;
  onReset: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const ctx: TRenderContext = { lang, t };
  const items = basicItems(fields);
  const [mode, setMode] = useState<TMode>(() => storedMode(routeName, items.length > 0));
  const [expanded, setExpanded] = useState(false);
  const [form] = Form.useForm<Record<string, unknown>>();
  const allKeys = fields.flatMap(requestKeysOf);
  const signature = signatureOf(allKeys, values);
  const formValues = useMemo(() => {
    const keys = fields.flatMap(requestKeysOf);
    const parsed = JSON.parse(signature) as unknown[];
    return toFormValues(fields, Object.fromEntries(keys.map((key, i) => [key, parsed[i] ?? undefined])));
  }, [fields, signature]);
  const advanced = mode === 'advanced';
  useEffect(() => {
    if (advanced) form.setFieldsValue(formValues);
  }, [advanced, form, formValues]);

  const switchMode = (next: TMode) => {
    sessionStorage.setItem(MODE_KEY_PREFIX + routeName, next);
    setMode(next);
  };

  if (!advanced) {
    return (
      <BasicSearch
        key={signature}
        items={items}
        fields={fields}
        values={values}
        onSearch={(chosen) => {
          // The one box replaces every other search value: what is shown is what is applied.
          const cleared = Object.fromEntries(allKeys.map((key) => [key, undefined]));
          onSearch({ ...cleared, ...chosen });
        }}
        onAdvanced={() => switchMode('advanced')}
      />
    );
  }

  const submit = () => onSearch(toRequestValues(fields, form.getFieldsValue()));
  const collapsible = fields.length > COLLAPSED_FIELD_COUNT;
  const visibleFields = expanded || !collapsible ? fields : fields.slice(0, COLLAPSED_FIELD_COUNT);
  return (
    <Form
      form={form}
      className="search-panel advanced"
      layout="vertical"
      initialValues={formValues}
      onFinish={submit}
      data-testid="search-advanced"
    >
      <Row gutter={16}>
        {visibleFields.map((field) => (
          <Col
            key={field.prop}
            xs={24}
            sm={12}
            lg={WIDE_TYPES.has(field.type) ? 12 : 8}
            xl={WIDE_TYPES.has(field.type) ? 12 : 6}
          >
            <Form.Item
              name={field.prop}
              label={t(field.label)}
              tooltip={
                field.tip
                  ? t(field.tip)
                  : field.type === 'text' && field.multiple
                    ? t('common.list.multipleTip')
                    : undefined
              }
            >
              <SearchFieldControl field={field} ctx={ctx} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <div className="search-panel-buttons">
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
            {t('common.actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(defaultFormValues(fields));
              onReset(allKeys);
            }}
            data-testid="search-reset"
          >
            {t('common.actions.reset')}
          </Button>
          {collapsible && (
            <Button type="link" onClick={() => setExpanded((v) => !v)} data-testid="search-expand">
              {expanded ? t('common.actions.collapse') : t('common.actions.expand')}
              {expanded ? <UpOutlined /> : <DownOutlined />}
            </Button>
          )}
          {items.length > 0 && (
            <Button type="link" onClick={() => switchMode('basic')} data-testid="search-mode-toggle">
              {t('common.list.basic')}
            </Button>
          )}
        </Space>
      </div>
    </Form>
  );
}

/** The basic mode: one box (with a field chooser for several basic fields) and the advanced-mode link. */
function BasicSearch({
  items,
  fields,
  values,
  onSearch,
  onAdvanced,
}: {
  items: ReturnType<typeof basicItems>;
  fields: readonly TSearchField[];
  values: TRequestValues;
  onSearch: (values: TRequestValues) => void;
  onAdvanced: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<TCombinationValue>(() => {
    const shown = items.find((item) => values[item.prop] !== undefined);
    const current = shown ? values[shown.prop] : undefined;
    return {
      prop: shown?.prop ?? items[0]?.prop ?? '',
      text: Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '',
    };
  });
  const search = () => {
    const field = fields.find((f) => f.type === 'text' && f.prop === value.prop);
    const text = value.text.trim();
    const multiple = field?.type === 'text' && field.multiple;
    onSearch({ [value.prop]: multiple ? splitValues(text) : text || undefined });
  };
  return (
    <div className="search-panel basic" data-testid="search-basic">
      <CombinationInput
        className="search-basic-box"
        items={items}
        value={value}
        onChange={setValue}
        onPressEnter={search}
      >
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={search}
          aria-label={t('common.actions.search')}
          data-testid="search-basic-submit"
        />
      </CombinationInput>
      <Button type="link" onClick={onAdvanced} data-testid="search-mode-toggle">
        {t('common.list.advanced')}
      </Button>
    </div>
  );
}
