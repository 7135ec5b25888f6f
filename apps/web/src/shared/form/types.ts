import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TI18nKey } from '../../i18n';
import type { TOptionSource, TRenderContext, TSearchOptions } from '../options';

export type TFormValues = Record<string, unknown>;

/**
 * One form field as data. Its rule is a contract zod schema (the field's own, or the form schema's field
 * of the same name), so the browser checks exactly what the server checks and words it the same way.
 */
export interface TFormField {
  name: string;
  label: TI18nKey;
  /**
   * `tags`: free values typed into a select (codes), kept as a list. `decimal`: a number kept as typed text,
   * normalised while typing (spec 5: 9 integer digits, 4 decimals) so the exact value reaches the server.
   * `switch`: a yes/no value. `datetime`: a date and time picker whose value is epoch milliseconds.
   */
  input?:
    | 'text'
    | 'textarea'
    | 'password'
    | 'number'
    | 'decimal'
    | 'select'
    | 'radio'
    | 'tags'
    | 'switch'
    | 'datetime';
  schema?: z.ZodType;
  options?: TOptionSource;
  /** A select whose options the server searches as the user types (instead of `options`). */
  search?: TSearchOptions;
  multiple?: boolean;
  /** The most options a multi-select keeps (e.g. 5 roles per member). */
  maxCount?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Decimals a number keeps (none: as typed). */
  precision?: number;
  placeholder?: TI18nKey;
  /** A hint under the field. */
  extra?: TI18nKey;
  disabled?: boolean;
  /** Shown only while this holds for the current values (e.g. the reason of a rejection). */
  visible?: (values: TFormValues) => boolean;
  /** Fields whose change re-checks this one (a confirmation against its password). */
  dependencies?: readonly string[];
  /** In a two-column form, takes the whole row (long texts). */
  wide?: boolean;
  /** A custom control; antd passes it value and onChange. */
  render?: (ctx: TRenderContext) => ReactNode;
}

/** What a declared form needs, in a dialog or on a page. */
export interface TDeclaredForm<S extends z.ZodType> {
  title: ReactNode;
  fields: readonly TFormField[];
  /** The request schema of the endpoint the form sends to. */
  schema: S;
  /** Request values that are not fields (the record's id). */
  base?: TFormValues;
  /** Form values -> the request, where a control holds another shape (a coordinate typed as text). */
  prepare?: (values: TFormValues) => TFormValues;
  initialValues?: TFormValues;
  /** The form's data is loading: no fields yet, no closing. */
  loading?: boolean;
  submit: (request: z.output<S>) => Promise<unknown>;
  /** The message shown after success. */
  success?: TI18nKey;
  /** Cached data the change makes stale (the domain's key): lists and details refetch. */
  invalidates?: QueryKey;
  onDone: (result: unknown) => void;
  /** Shown above the fields (a warning tip). */
  before?: ReactNode;
  /** Two columns for forms with many short fields (the dialog widens to fit); one by default. */
  columns?: 1 | 2;
  testId?: string;
}
