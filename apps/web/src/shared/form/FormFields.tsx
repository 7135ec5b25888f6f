import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch, type FormRule } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { normalizeNumberInput, type TLang } from '@tracehub/contract';
import { useLang } from '../../i18n';
import { DATE_TIME_FORMAT } from '../format';
import { useOptions, type TRenderContext } from '../options';
import { issueText } from '../zodRules';
import { SearchSelect } from './SearchSelect';
import type { TFormField, TFormValues } from './types';
import './form.css';

/** The schema of one field: its own, or the form schema's property of that name. */
export function fieldSchema(field: TFormField, schema: z.ZodType | undefined): z.ZodType | undefined {
  if (field.schema) return field.schema;
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape?.[field.name];
}

/** Required when the schema refuses both nothing and an empty text: what the asterisk shows. */
function isRequired(schema: z.ZodType | undefined): boolean {
  return schema !== undefined && !schema.safeParse(undefined).success && !schema.safeParse('').success;
}

/**
 * The field's rule: its own schema first, then the whole form's schema for issues placed on this field by
 * cross-field checks (a confirmation that must match, a reason required for one outcome).
 */
function fieldRule(
  field: TFormField,
  own: z.ZodType | undefined,
  form: { schema?: z.ZodType; base?: TFormValues; prepare?: (values: TFormValues) => TFormValues },
  label: string,
  lang: TLang,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (own) {
        const result = own.safeParse(value ?? undefined);
        const issue = result.success ? undefined : result.error.issues[0];
        if (issue) throw new Error(issueText(issue, label, lang));
      }
      if (!form.schema) return;
      const values = getFieldsValue(true) as TFormValues;
      const whole = form.schema.safeParse({
        ...form.base,
        ...(form.prepare ? form.prepare(values) : values),
      });
      const issue = whole.success ? undefined : whole.error.issues.find((i) => i.path[0] === field.name);
      if (issue) throw new Error(issueText(issue, label, lang));
    },
  });
}

function SelectControl({
  field,
  ctx,
  ...control
}: {
  field: TFormField;
  ctx: TRenderContext;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const options = useOptions(field.options, ctx);
  if (field.input === 'radio')
    return <Radio.Group {...control} options={options} disabled={field.disabled} />;
  return (
    <Select
      {...control}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={field.input === 'tags' ? 'tags' : field.multiple ? 'multiple' : undefined}
      tokenSeparators={field.input === 'tags' ? [',', '，', ' '] : undefined}
      maxCount={field.maxCount}
      options={options}
      disabled={field.disabled}
      placeholder={ctx.t(field.placeholder ?? 'common.list.selectPlaceholder')}
    />
  );
}

function Control({
  field,
  ctx,
  label,
  ...control
}: {
  field: TFormField;
  ctx: TRenderContext;
  label: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const placeholder = ctx.t(field.placeholder ?? 'common.list.inputPlaceholder', { field: label });
  if (field.search) return <SearchSelect field={field} source={field.search} ctx={ctx} {...control} />;
  switch (field.input) {
    case 'select':
    case 'radio':
    case 'tags':
      return <SelectControl field={field} ctx={ctx} {...control} />;
    case 'number':
      return (
        <InputNumber
          {...(control as { value?: number })}
          className="form-number"
          min={field.min}
          max={field.max}
          precision={field.precision}
          disabled={field.disabled}
          placeholder={placeholder}
        />
      );
    case 'decimal': {
      const { onChange, value, ...rest } = control;
      return (
        <Input
          {...rest}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange?.(normalizeNumberInput(e.target.value))}
          inputMode="decimal"
          disabled={field.disabled}
          placeholder={placeholder}
        />
      );
    }
    case 'switch': {
      const { value, ...rest } = control;
      return (
        <Switch
          {...rest}
          checked={value === true}
          checkedChildren={ctx.t('common.yes')}
          unCheckedChildren={ctx.t('common.no')}
          disabled={field.disabled}
        />
      );
    }
    case 'datetime': {
      const { onChange, value, ...rest } = control;
      return (
        <DatePicker
          {...rest}
          showTime
          className="form-number"
          format={DATE_TIME_FORMAT}
          value={typeof value === 'number' ? dayjs(value) : null}
          onChange={(next) => onChange?.(next ? next.valueOf() : null)}
          disabled={field.disabled}
          placeholder={placeholder}
        />
      );
    }
    case 'textarea':
      return (
        <Input.TextArea
          {...(control as { value?: string })}
          maxLength={field.maxLength}
          showCount={field.maxLength !== undefined}
          autoSize={{ minRows: 2, maxRows: 6 }}
          disabled={field.disabled}
          placeholder={placeholder}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...(control as { value?: string })}
          maxLength={field.maxLength}
          disabled={field.disabled}
          placeholder={placeholder}
          autoComplete="new-password"
        />
      );
    default:
      return (
        <Input
          {...(control as { value?: string })}
          maxLength={field.maxLength}
          disabled={field.disabled}
          placeholder={placeholder}
        />
      );
  }
}

/**
 * Declared fields as antd form items, inside a parent <Form>. `base` holds the request's values that are
 * not fields (the record's id): whole-form checks only run on a complete request.
 */
export function FormFields({
  fields,
  schema,
  base,
  prepare,
}: {
  fields: readonly TFormField[];
  schema?: z.ZodType;
  base?: TFormValues;
  prepare?: (values: TFormValues) => TFormValues;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const ctx: TRenderContext = { lang, t };
  return fields.map((field) => {
    const label = t(field.label);
    const own = fieldSchema(field, schema);
    const item = (
      <Form.Item
        key={field.name}
        name={field.name}
        label={label}
        className={field.wide ? 'form-item-wide' : undefined}
        required={isRequired(own)}
        extra={field.extra ? t(field.extra) : undefined}
        dependencies={field.dependencies ? [...field.dependencies] : undefined}
        rules={[fieldRule(field, own, { schema, base, prepare }, label, lang)]}
      >
        {field.render ? field.render(ctx) : <Control field={field} ctx={ctx} label={label} />}
      </Form.Item>
    );
    const visible = field.visible;
    if (!visible) return item;
    return (
      <Form.Item key={field.name} noStyle shouldUpdate>
        {({ getFieldsValue }) => (visible(getFieldsValue(true) as TFormValues) ? item : null)}
      </Form.Item>
    );
  });
}
