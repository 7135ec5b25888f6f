import { useEffect, useMemo, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { useLang } from '../../i18n';
import type { TRenderContext, TSearchField } from './types';
import { requestKeysOf } from './listState';

type TValues = Record<string, unknown>;
type TMode = 'basic' | 'advanced';

const MODE_KEY_PREFIX = 'tracehub_search_mode:';
/** Advanced fields shown before the "expand" link. */
const COLLAPSED_FIELD_COUNT = 3;
const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function storedMode(routeName: string, hasBasic: boolean): TMode {
  const value = sessionStorage.getItem(MODE_KEY_PREFIX + routeName);
  if (value === 'advanced' || value === 'basic') return value === 'basic' && !hasBasic ? 'advanced' : value;
  return hasBasic ? 'basic' : 'advanced';
}

/** Request values -> form values (a datetime range becomes two dayjs bounds). */
function toFormValues(fields: readonly TSearchField[], values: TValues): TValues {
  const out: TValues = {};
  for (const field of fields) {
    if (field.type === 'datetimerange') {
      const [from, to] = field.props.map((key) => values[key]);
      out[field.prop] =
        typeof from === 'number' && typeof to === 'number' ? [dayjs(from), dayjs(to)] : undefined;
    } else {
      out[field.prop] = values[field.prop];
    }
  }
  return out;
}

/** Form values -> request values; every declared key is present so a cleared field is removed. */
function toRequestValues(fields: readonly TSearchField[], formValues: TValues): TValues {
  const out: TValues = {};
  for (const field of fields) {
    const value = formValues[field.prop];
    if (field.type === 'datetimerange') {
      const range = Array.isArray(value) ? (value as (Dayjs | null)[]) : [];
      const [fromKey, toKey] = field.props;
      out[fromKey] = range[0]?.valueOf();
      out[toKey] = range[1]?.valueOf();
    } else {
      out[field.prop] = typeof value === 'string' ? value.trim() || undefined : value;
    }
  }
  return out;
}

/**
 * The shared search panel (spec 2.5): a basic mode with one search box (and a field chooser when several
 * fields are basic) and an advanced mode with every field, Search and Reset. The mode is kept per route in
 * session storage.
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
  values: TValues;
  onSearch: (values: TValues) => void;
  onReset: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const ctx: TRenderContext = { lang, t };
  const basicFields = fields.filter((f) => f.type === 'text' && f.basic);
  const [mode, setMode] = useState<TMode>(() => storedMode(routeName, basicFields.length > 0));
  const [expanded, setExpanded] = useState(false);
  const [basicField, setBasicField] = useState(basicFields[0]?.prop ?? '');
  const [form] = Form.useForm<TValues>();
  const allKeys = fields.flatMap(requestKeysOf);
  // Only the search values matter here; paging changes must not overwrite what the user is typing.
  const signature = JSON.stringify(allKeys.map((key) => values[key] ?? null));
  const formValues = useMemo(() => {
    const parsed = JSON.parse(signature) as unknown[];
    const keys = fields.flatMap(requestKeysOf);
    return toFormValues(fields, Object.fromEntries(keys.map((key, i) => [key, parsed[i] ?? undefined])));
  }, [fields, signature]);
  const advanced = mode === 'advanced' || basicFields.length === 0;
  useEffect(() => {
    if (advanced) form.setFieldsValue(formValues);
  }, [advanced, form, formValues]);

  const switchMode = (next: TMode) => {
    sessionStorage.setItem(MODE_KEY_PREFIX + routeName, next);
    setMode(next);
  };

  if (mode === 'basic' && basicFields.length > 0) {
    const current = typeof values[basicField] === 'string' ? (values[basicField] as string) : '';
    const chosen = basicFields.find((f) => f.prop === basicField) ?? basicFields[0];
    return (
      <div className="search-panel basic">
        <Space.Compact className="search-basic-box">
          {basicFields.length > 1 && (
            <Select
              value={basicField}
              onChange={setBasicField}
              options={basicFields.map((f) => ({ value: f.prop, label: t(f.label) }))}
              popupMatchSelectWidth={false}
            />
          )}
          <Input.Search
            key={`${basicField}:${current}`}
            defaultValue={current}
            allowClear
            placeholder={chosen ? t('common.list.inputPlaceholder', { field: t(chosen.label) }) : ''}
            enterButton={<SearchOutlined />}
            onSearch={(text) => {
              const cleared = Object.fromEntries(basicFields.map((f) => [f.prop, undefined]));
              onSearch({ ...cleared, [basicField]: text.trim() || undefined });
            }}
            data-testid="search-basic-input"
          />
        </Space.Compact>
        <Button type="link" onClick={() => switchMode('advanced')} data-testid="search-mode-toggle">
          {t('common.list.advanced')}
        </Button>
      </div>
    );
  }

  const visibleFields = expanded ? fields : fields.slice(0, COLLAPSED_FIELD_COUNT);
  return (
    <Form
      form={form}
      className="search-panel advanced"
      layout="vertical"
      initialValues={formValues}
      onFinish={(formValues) => onSearch(toRequestValues(fields, formValues))}
    >
      <Row gutter={16}>
        {visibleFields.map((field) => (
          <Col key={field.prop} xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name={field.prop} label={t(field.label)}>
              {field.type === 'text' && (
                <Input
                  allowClear
                  placeholder={t('common.list.inputPlaceholder', { field: t(field.label) })}
                />
              )}
              {field.type === 'select' && (
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  mode={field.multiple ? 'multiple' : undefined}
                  maxTagCount="responsive"
                  placeholder={t('common.list.selectPlaceholder')}
                  options={field.options(ctx)}
                />
              )}
              {field.type === 'datetimerange' && (
                <DatePicker.RangePicker
                  showTime
                  format={DATE_TIME_FORMAT}
                  style={{ width: '100%' }}
                  placeholder={[t('common.list.startTime'), t('common.list.endTime')]}
                />
              )}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <div className="search-panel-buttons">
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
            {t('common.actions.search')}
          </Button>
          <Button onClick={() => onReset(allKeys)}>{t('common.actions.reset')}</Button>
          {fields.length > COLLAPSED_FIELD_COUNT && (
            <Button type="link" onClick={() => setExpanded((v) => !v)}>
              {expanded ? t('common.actions.collapse') : t('common.actions.expand')}
              {expanded ? <UpOutlined /> : <DownOutlined />}
            </Button>
          )}
          {basicFields.length > 0 && (
            <Button type="link" onClick={() => switchMode('basic')} data-testid="search-mode-toggle">
              {t('common.list.basic')}
            </Button>
          )}
        </Space>
      </div>
    </Form>
  );
}
