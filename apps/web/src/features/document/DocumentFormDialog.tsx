import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  DOCUMENT_LIMITS,
  EMPTY_CURRENCY_CODE,
  documentEndpoints,
  documentSchemas,
  type TDocument,
  type TDocumentLabelKey,
  type TDocumentTypeDef,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormField, TFormValues } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import {
  coordinateLimit,
  fieldKind,
  formFieldKeys,
  labelKey,
  maxLengthOf,
  requiredFieldKeys,
} from './fields';
import { itemPicker, partnerPicker } from './pickers';
import { currencyOptions } from './queries';
import { nounOf } from './words';

const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A field the type requires: its own rule refuses a blank value too, so the form marks it and says so as
 * soon as it is left (the whole form's rule would only tell on submit).
 */
function requiredRule(own: z.ZodType | undefined): z.ZodType | undefined {
  return own?.refine((v) => !isBlank(v), { error: 'v.required' });
}

/** Fields whose change re-checks this one: the whole form's rules tie them together. */
const DEPENDENCIES: Partial<Record<TDocumentLabelKey, readonly string[]>> = {
  amount: ['quantity', 'unitPrice'],
  currency: ['unitPrice', 'amount'],
  batchNo: ['vinSn'],
};

/** One form field of the type, by how the field is entered. */
function formField(
  def: TDocumentTypeDef,
  key: TDocumentLabelKey,
  shape: Record<string, z.ZodType>,
): TFormField {
  const base: TFormField = {
    name: key,
    label: labelKey(def, key),
    maxLength: maxLengthOf(key),
    dependencies: DEPENDENCIES[key],
  };
  const schema = requiredFieldKeys(def).has(key) ? requiredRule(shape[key]) : undefined;
  if (schema) base.schema = schema;
  switch (fieldKind(key)) {
    case 'textarea':
      return { ...base, input: 'textarea', wide: true };
    case 'datetime':
      return { ...base, input: 'datetime' };
    case 'decimal':
      return { ...base, input: 'decimal' };
    case 'integer':
      return { ...base, input: 'number', min: 0, max: DOCUMENT_LIMITS.warrantyMonthsMax, precision: 0 };
    case 'coordinate':
      return { ...base, input: 'number', min: -coordinateLimit(key), max: coordinateLimit(key) };
    case 'currency':
      return { ...base, input: 'select', options: currencyOptions(true) };
    case 'partner':
      return def.partner ? { ...base, render: partnerPicker(def.code, base.maxLength ?? 0) } : base;
    case 'item':
      return { ...base, render: itemPicker(def, base.maxLength ?? 0) };
    case 'related':
      return {
        ...base,
        input: 'tags',
        maxCount: DOCUMENT_LIMITS.relatedMax,
        placeholder: 'document.relatedPlaceholder',
        wide: true,
      };
    case 'yesNo':
      return { ...base, input: 'switch' };
    default:
      return base;
  }
}

/** The form's fields of a type, with the contract's request schema as their rules. */
export function documentFormFields(def: TDocumentTypeDef): TFormField[] {
  const shape = (documentSchemas(def.code).create as unknown as { shape: Record<string, z.ZodType> }).shape;
  return formFieldKeys(def).map((key) => formField(def, key, shape));
}

/** A record's values as the form holds them: decimals as text, no currency as the "(Empty)" option. */
export function documentFormValues(def: TDocumentTypeDef, record: TDocument): TFormValues {
  const values: TFormValues = {};
  for (const key of formFieldKeys(def)) {
    const value = record[key];
    if (key === 'currency') values[key] = value ?? EMPTY_CURRENCY_CODE;
    else if (fieldKind(key) === 'decimal') values[key] = value ?? '';
    else values[key] = value ?? undefined;
  }
  return values;
}

/** A new record's starting values: no currency chosen, not signed, no related numbers. */
function initialValues(def: TDocumentTypeDef): TFormValues {
  const keys = new Set(formFieldKeys(def));
  return {
    ...(keys.has('currency') ? { currency: EMPTY_CURRENCY_CODE } : {}),
    ...(keys.has('signed') ? { signed: false } : {}),
    relatedBillNos: [],
  };
}

/** Create a record of the type, or edit one (record given); the contract's schemas are the form's rules. */
export function documentFormDialog(def: TDocumentTypeDef): ComponentType<TResourceDialogProps<TDocument>> {
  const endpoints = documentEndpoints[def.code];
  if (!endpoints) throw new Error(`No endpoints for ${def.code}`);
  const fields = documentFormFields(def);
  return function DocumentFormDialog({ record, onClose, onDone }: TResourceDialogProps<TDocument>) {
    const { t } = useTranslation();
    const lang = useLang();
    const noun = nounOf(def, { t, lang });
    const endpoint = record ? endpoints.update : endpoints.add;
    return (
      <FormDialog
        title={t(record ? 'document.editTitle' : 'document.create', { noun })}
        fields={fields}
        columns={2}
        schema={endpoint.input}
        base={record ? { id: record.id } : undefined}
        initialValues={record ? documentFormValues(def, record) : initialValues(def)}
        submit={(request) => call(endpoint, request)}
        success={record ? 'document.updated' : 'document.created'}
        onClose={onClose}
        onDone={onDone}
        testId="document-form-dialog"
      />
    );
  };
}
