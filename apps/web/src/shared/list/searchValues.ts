import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMATS, type TPickerKind, type TRange } from '../dateRange';
import type { TRequestValues } from './listState';
import type { TSearchField } from './types';

/** The combination control's value: which field the text is for, and the text. */
export interface TCombinationValue {
  prop: string;
  text: string;
}

type TFormValues = Record<string, unknown>;

export const RANGE_KIND: Record<'daterange' | 'datetimerange' | 'monthrange', TPickerKind> = {
  daterange: 'date',
  datetimerange: 'datetime',
  monthrange: 'month',
};

/** Splits comma-separated exact values (ASCII or full-width commas), trimmed, without blanks or repeats. */
export function splitValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，]/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

function toDayjs(value: unknown, kind: TPickerKind, epochMs: boolean): Dayjs | null {
  if (epochMs) return typeof value === 'number' ? dayjs(value) : null;
  if (typeof value !== 'string') return null;
  const parsed = dayjs(value, DATE_FORMATS[kind].value, true);
  return parsed.isValid() ? parsed : null;
}

function fromDayjs(value: Dayjs | null | undefined, kind: TPickerKind, epochMs: boolean): unknown {
  if (!value) return undefined;
  return epochMs ? value.valueOf() : value.format(DATE_FORMATS[kind].value);
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Request values -> the search form's values. */
export function toFormValues(fields: readonly TSearchField[], values: TRequestValues): TFormValues {
  const out: TFormValues = {};
  for (const field of fields) {
    const value = values[field.prop];
    switch (field.type) {
      case 'text':
        out[field.prop] = Array.isArray(value) ? value.join(',') : text(value);
        break;
      case 'date':
        out[field.prop] = toDayjs(value, 'date', false);
        break;
      case 'daterange':
      case 'datetimerange':
      case 'monthrange': {
        const kind = RANGE_KIND[field.type];
        const epochMs = field.valueFormat === 'epochMs';
        const range: TRange = [
          toDayjs(values[field.props[0]], kind, epochMs),
          toDayjs(values[field.props[1]], kind, epochMs),
        ];
        out[field.prop] = range;
        break;
      }
      case 'combination': {
        const chosen = field.items.find((item) => text(values[item.prop]));
        out[field.prop] = {
          prop: chosen?.prop ?? field.items[0]?.prop ?? '',
          text: (chosen && text(values[chosen.prop])) ?? '',
        } satisfies TCombinationValue;
        break;
      }
      default:
        out[field.prop] = value;
    }
  }
  return out;
}

/**
 * The search form's values -> request values. Every key a field fills is present, so a cleared field
 * clears its key: `null` for fields with a default (explicitly none), `undefined` otherwise.
 */
export function toRequestValues(fields: readonly TSearchField[], formValues: TFormValues): TRequestValues {
  const out: TRequestValues = {};
  for (const field of fields) {
    const value = formValues[field.prop];
    const cleared = 'defaultValue' in field && field.defaultValue !== undefined ? null : undefined;
    switch (field.type) {
      case 'text': {
        const trimmed = text(value)?.trim() ?? '';
        if (field.multiple) {
          const values = splitValues(trimmed);
          out[field.prop] = values.length ? values : cleared;
        } else out[field.prop] = trimmed || cleared;
        break;
      }
      case 'date':
        out[field.prop] = fromDayjs(value as Dayjs | null, 'date', false);
        break;
      case 'daterange':
      case 'datetimerange':
      case 'monthrange': {
        const kind = RANGE_KIND[field.type];
        const epochMs = field.valueFormat === 'epochMs';
        const range: TRange = Array.isArray(value) ? (value as unknown as TRange) : [null, null];
        out[field.props[0]] = fromDayjs(range[0], kind, epochMs);
        out[field.props[1]] = fromDayjs(range[1], kind, epochMs);
        break;
      }
      case 'combination': {
        const chosen = value as TCombinationValue | undefined;
        for (const item of field.items) {
          out[item.prop] = item.prop === chosen?.prop ? chosen.text.trim() || undefined : undefined;
        }
        break;
      }
      default: {
        const empty = value === undefined || value === null || (Array.isArray(value) && !value.length);
        out[field.prop] = empty ? cleared : value;
      }
    }
  }
  return out;
}

/** The form values of a field set in its initial state (what Reset returns to). */
export function defaultFormValues(fields: readonly TSearchField[]): TFormValues {
  const defaults: TRequestValues = {};
  for (const field of fields) {
    if ('defaultValue' in field && field.defaultValue !== undefined)
      defaults[field.prop] = field.defaultValue;
  }
  return toFormValues(fields, defaults);
}
