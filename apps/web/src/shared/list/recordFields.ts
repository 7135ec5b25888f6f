import {
  rangeProps,
  type TListPriority,
  type TRecordDeclaration,
  type TRecordField,
} from '@tracehub/contract';
import type { TI18nKey } from '../../i18n';
import type { TOptionSource, TRenderContext } from '../options';
import type { TSearchField } from './types';

/*
 * What a record declaration's list derives without React or i18next (recordResource.tsx builds the page
 * from these): its field names' text keys, option sources, column keys and search fields.
 */

type Decl = TRecordDeclaration<Record<string, TRecordField>>;

/** The i18next key of a field's name (added by recordResource's `registerLabels`). */
export const fieldKey = (d: Decl, key: string) => `recordFields.${d.name}.${key}` as TI18nKey;

/** A field's options in the current language. */
export const optionsOf = (f: Pick<TRecordField, 'options'>) =>
  f.options
    ? ({ lang }: TRenderContext) => f.options!.map((o) => ({ value: o.value, label: o.label[lang] }))
    : undefined;

/** Where the console offers a field's search: its column's header, the search panel. */
export const inColumn = (f: TRecordField) => f.searchIn === 'column' || f.searchIn === 'both';
export const inPanel = (f: TRecordField) => (f.searchIn ?? 'panel') === 'panel' || f.searchIn === 'both';

/** The list's column keys of a declaration, in their order (before any page's own columns). */
export const recordColumnKeys = (d: Decl): string[] =>
  d.listOrder ? [...d.listOrder] : Object.keys(d.fields).filter((k) => d.fields[k]!.list);

/** The column a row is known by: the declared one, else the natural key's first field if it is listed. */
export function recordKeyColumn(d: Decl): string | undefined {
  if (d.keyColumn) return d.keyColumn;
  const first = d.naturalKey.fields[0];
  return first && recordColumnKeys(d).includes(first) ? first : undefined;
}

/**
 * A column's priority (contract TListPriority): the field's own; unmarked, 2 (shown), or 3 (in the column
 * settings only) in a declaration that marks any column, which so chooses what is shown.
 */
export function recordPriority(d: Decl, key: string): TListPriority {
  const own = d.fields[key]?.priority;
  if (own !== undefined) return own;
  return recordColumnKeys(d).some((k) => d.fields[k]!.priority !== undefined) ? 3 : 2;
}

/** The search panel's fields of a declaration (options the server supplies by `searchOptions`). */
export function recordSearchFields(
  d: Decl,
  searchOptions: Partial<Record<string, TOptionSource>> = {},
): TSearchField[] {
  return Object.entries(d.fields).flatMap(([key, f]): TSearchField[] => {
    if (!f.search || !inPanel(f)) return [];
    const label = fieldKey(d, key);
    const prop = f.searchKey ?? key;
    const options = searchOptions[key] ?? optionsOf(f);
    switch (f.search) {
      case 'contains':
        return [{ type: 'text', prop, label, ...(f.basic ? { basic: true } : {}) }];
      case 'any':
        return options
          ? [{ type: 'select', prop, label, options, multiple: true }]
          : [{ type: 'text', prop, label, multiple: true, ...(f.basic ? { basic: true } : {}) }];
      case 'equals':
        if (f.kind === 'boolean') {
          return [
            {
              type: 'select',
              prop,
              label,
              options: ({ t }) => [
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ],
            },
          ];
        }
        return options
          ? [{ type: 'select', prop, label, options }]
          : [{ type: 'text', prop, label, ...(f.basic ? { basic: true } : {}) }];
      case 'range': {
        // createdAt -> createdFrom, createdTo and the form's createdRange (as every list names it).
        const props = rangeProps(key);
        return [
          {
            type: f.kind === 'date' ? 'daterange' : 'datetimerange',
            prop: props[0].replace(/From$/, 'Range'),
            props,
            label,
            valueFormat: 'epochMs',
          },
        ];
      }
      default:
        return [];
    }
  });
}
