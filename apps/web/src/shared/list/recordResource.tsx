import type { ComponentType } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import {
  rangeProps,
  type TEndpoint,
  type TLang,
  type TRecordDeclaration,
  type TRecordField,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useTranslation } from 'react-i18next';
import { i18n, useLang, type TI18nKey } from '../../i18n';
import type { TDetailField } from '../DetailCard';
import { RecordDetailDialog } from './RecordDetailDialog';
import { RecordFormDialog } from '../form/RecordFormDialog';
import type { TFormField } from '../form/types';
import { formatDateTime } from '../format';
import {
  defineResource,
  type TColumnDef,
  type TImportExport,
  type TRenderContext,
  type TResource,
  type TResourceDialogProps,
  type TResourceKeys,
  type TRowAction,
  type TSearchField,
  type TToolbarAction,
} from './types';

/*
 * The web side of a record declaration (contract record-catalogue.ts): the list's columns, searches, form,
 * detail, toolbar and row actions by permission, and the import/export wiring, all derived from its field
 * table. Field names come from the declaration's {zh, en}: they are added to i18next under
 * `recordFields.<name>.<key>` when the resource is declared, so the shared list, form and detail show them
 * like any other text and no locale file needs an entry per field.
 */

type Fields = Record<string, TRecordField>;
type Decl = TRecordDeclaration<Fields>;

/** The endpoints a record list uses: recordEndpointsOf's, and importExportEndpoints' when it has them. */
export interface TRecordApi {
  page: TEndpoint;
  detail: TEndpoint;
  add: TEndpoint;
  update: TEndpoint;
  delete: TEndpoint;
  batchDelete: TEndpoint;
}

/** What a record row has at least: its id, its stamps and its evidence. */
export interface TRecordRow {
  id: number;
  createdAt: number;
  updatedAt: number;
  chain: unknown;
}

/** What a page adds to or changes in the derived declaration. */
export interface TRecordOverrides<T extends TRecordRow> {
  /** Columns placed before a field's column (the chain status before the creation time). */
  columnsBefore?: Partial<Record<string, TColumnDef<T>[]>>;
  /** Detail fields placed after a field's (the chain status after the code). */
  detailsAfter?: Partial<Record<string, TDetailField<T>[]>>;
  /** Further row actions (before edit and delete) and their dialogs. */
  rowActions?: TRowAction<T>[];
  toolbar?: TToolbarAction<T>[];
  dialogs?: Record<string, ComponentType<TResourceDialogProps<T>>>;
  /** Bulk delete in the toolbar (default true: the contract declares batchDelete). */
  batchDelete?: boolean;
  /** The form's controls where a field needs more than its kind gives (a picker). */
  formFields?: Partial<Record<string, Partial<TFormField>>>;
  /** The form in two columns (many short fields). */
  formColumns?: 1 | 2;
}

/** The i18next key of a field's name (added by `registerLabels`). */
const fieldKey = (d: Decl, key: string) => `recordFields.${d.name}.${key}` as TI18nKey;

/** Adds the declaration's field names to both languages' texts. */
function registerLabels(d: Decl): void {
  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const labels = Object.fromEntries(Object.entries(d.fields).map(([k, f]) => [k, f.label[lang]]));
    i18n.addResourceBundle(lang, 'translation', { recordFields: { [d.name]: labels } }, true, true);
  }
}

/** The record's noun in the current language, for the sentences of the `records` texts. */
function nounOf(d: Decl, { lang }: Pick<TRenderContext, 'lang'>) {
  const noun = d.noun[lang];
  return { noun, Noun: noun.charAt(0).toUpperCase() + noun.slice(1) };
}

const inDetail = (f: TRecordField) => f.detail !== false;
const isWide = (f: TRecordField) => f.detail === 'wide';

const FORMAT: Partial<Record<TRecordField['kind'], TColumnDef<never>['format']>> = {
  datetime: 'datetime',
  date: 'date',
  number: 'number',
};

const INPUT: Partial<Record<TRecordField['kind'], TFormField['input']>> = {
  textarea: 'textarea',
  number: 'number',
  decimal: 'decimal',
  datetime: 'datetime',
  boolean: 'switch',
  enum: 'select',
};

const optionsOf = (f: TRecordField) =>
  f.options
    ? ({ lang }: TRenderContext) => f.options!.map((o) => ({ value: o.value, label: o.label[lang] }))
    : undefined;

function columnsOf<T extends TRecordRow>(d: Decl, o: TRecordOverrides<T>): TColumnDef<T>[] {
  return Object.entries(d.fields).flatMap(([key, f]) => {
    if (!f.list) return [];
    const format = FORMAT[f.kind];
    const options = optionsOf(f);
    const column: TColumnDef<T> = {
      key: key as keyof T & string,
      label: fieldKey(d, key),
      ...(typeof f.list === 'object' ? { width: f.list.width } : {}),
      ...(f.sort ? { sortable: true } : {}),
      ...(format ? { format } : {}),
      ...(options
        ? {
            render: (r: T, ctx: TRenderContext) =>
              options(ctx).find((x) => x.value === r[key as keyof T])?.label,
          }
        : {}),
    };
    return [...(o.columnsBefore?.[key] ?? []), column];
  });
}

function searchOf(d: Decl): TSearchField[] {
  return Object.entries(d.fields).flatMap(([key, f]): TSearchField[] => {
    const label = fieldKey(d, key);
    const options = optionsOf(f);
    switch (f.search) {
      case 'contains':
        return [{ type: 'text', prop: key, label, ...(f.basic ? { basic: true } : {}) }];
      case 'equals':
        if (f.kind === 'boolean') {
          return [
            {
              type: 'select',
              prop: key,
              label,
              options: ({ t }) => [
                { value: 'true', label: t('common.yes') },
                { value: 'false', label: t('common.no') },
              ],
            },
          ];
        }
        return options
          ? [{ type: 'select', prop: key, label, options }]
          : [{ type: 'text', prop: key, label, ...(f.basic ? { basic: true } : {}) }];
      case 'range':
        return [
          {
            type: f.kind === 'date' ? 'daterange' : 'datetimerange',
            prop: `${key}Range`,
            props: rangeProps(key),
            label,
            valueFormat: 'epochMs',
          },
        ];
      default:
        return [];
    }
  });
}

function detailsOf<T extends TRecordRow>(d: Decl, o: TRecordOverrides<T>): TDetailField<T>[] {
  // Wide fields (long texts) after the two-column ones.
  const entries = Object.entries(d.fields).filter(([, f]) => inDetail(f));
  const ordered = [...entries.filter(([, f]) => !isWide(f)), ...entries.filter(([, f]) => isWide(f))];
  return ordered.flatMap(([key, f]) => {
    const field: TDetailField<T> = {
      key,
      label: fieldKey(d, key),
      ...(isWide(f) ? { wide: true } : {}),
      ...(f.kind === 'datetime'
        ? { value: (r: T) => formatDateTime((r as Record<string, unknown>)[key] as number | null) }
        : {}),
    };
    return [field, ...(o.detailsAfter?.[key] ?? [])];
  });
}

function formFieldsOf<T extends TRecordRow>(d: Decl, o: TRecordOverrides<T>): TFormField[] {
  return d.formFields.map((f) => {
    const input = INPUT[f.kind];
    const options = optionsOf(d.fields[f.key]!);
    return {
      name: f.key,
      label: fieldKey(d, f.key),
      ...(input ? { input } : {}),
      ...(f.max ? { maxLength: f.max } : {}),
      ...(options ? { options } : {}),
      ...(f.kind === 'textarea' ? { wide: true } : {}),
      ...o.formFields?.[f.key],
    };
  });
}

/**
 * The list declaration of a record resource (see the file's comment): `name` is the list's route, `keys`
 * the domain's query keys; `overrides` add what the catalogue cannot say (the chain status, a picker).
 */
export function recordResource<E extends TRecordApi, T extends TRecordRow>(
  d: Decl,
  endpoints: E & Partial<TImportExport>,
  page: { name: string; keys: TResourceKeys<E['page']> & { detail: (id: number) => readonly unknown[] } },
  o: TRecordOverrides<T> = {},
): TResource<E['page']> {
  registerLabels(d);
  const { code } = d;
  const nameKey = d.naturalKey.fields[0]!;
  const fields = formFieldsOf(d, o);
  const details = detailsOf(d, o);
  const testId = d.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

  function FormDialog({ record, onClose, onDone }: TResourceDialogProps<T>) {
    const { t } = useTranslation();
    const noun = nounOf(d, { lang: useLang() });
    return (
      <RecordFormDialog<T>
        record={record}
        fields={fields}
        create={{
          endpoint: endpoints.add,
          title: { text: t('records.createTitle', noun) },
          success: 'records.created',
        }}
        update={{
          endpoint: endpoints.update,
          title: { text: t('records.editTitle', noun) },
          success: 'records.updated',
          values: (r) =>
            Object.fromEntries(d.formFields.map((f) => [f.key, (r as Record<string, unknown>)[f.key]])),
        }}
        {...(o.formColumns ? { columns: o.formColumns } : {})}
        onClose={onClose}
        onDone={onDone}
        testId={`${testId}-form-dialog`}
      />
    );
  }

  function DetailDialog({ record, onClose }: TResourceDialogProps<T>) {
    const { t } = useTranslation();
    const lang = useLang();
    return (
      <RecordDetailDialog<T>
        record={record}
        endpoint={endpoints.detail}
        queryKey={page.keys.detail}
        title={t('records.detailTitle', nounOf(d, { lang }))}
        fields={details}
        onClose={onClose}
        testId={`${testId}-detail-dialog`}
      />
    );
  }

  const toolbar: TToolbarAction<T>[] = [
    {
      key: 'create',
      label: (_rows, ctx) => ctx.t('records.create', nounOf(d, ctx)),
      permission: `${code}:Create`,
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
    ...(o.batchDelete === false
      ? []
      : [
          {
            key: 'batchDelete',
            label: 'records.batchDelete',
            permission: `${code}:BatchDelete`,
            icon: <DeleteOutlined />,
            danger: true,
            batch: true,
            confirm: (rows: T[], ctx: TRenderContext) =>
              ctx.t('records.confirmBatchDelete', { count: rows.length, ...nounOf(d, ctx) }),
            run: (rows: T[]) => call(endpoints.batchDelete, { ids: rows.map((r) => r.id) }),
            success: 'records.deleted',
          } satisfies TToolbarAction<T>,
        ]),
    ...(o.toolbar ?? []),
  ];

  const rowActions: TRowAction<T>[] = [
    { key: 'view', label: 'common.actions.view', dialog: 'detail' },
    ...(o.rowActions ?? []),
    { key: 'edit', label: 'records.edit', permission: `${code}:Edit`, dialog: 'form' },
    {
      key: 'delete',
      label: 'records.delete',
      permission: `${code}:Delete`,
      danger: true,
      confirm: (r, ctx) =>
        ctx.t('records.confirmDelete', { name: String(r[nameKey as keyof T]), ...nounOf(d, ctx) }),
      run: (r) => call(endpoints.delete, { id: r.id }),
      success: 'records.deleted',
    },
  ];

  return defineResource({
    name: page.name,
    code,
    endpoint: endpoints.page,
    keys: page.keys,
    rowKey: 'id',
    ...(d.importExport && endpoints.importExcel ? { importExport: endpoints as TImportExport } : {}),
    ...(d.attachments
      ? { attachments: { key: (r: T) => r.id, title: (r: T) => String(r[nameKey as keyof T]) } }
      : {}),
    columns: columnsOf(d, o),
    search: searchOf(d),
    toolbar,
    rowActions,
    dialogs: { form: FormDialog, detail: DetailDialog, ...o.dialogs },
  } as unknown as TResource<E['page']>);
}

/** The row type of a declaration's list (its item schema's output). */
export type TRecordItem<D extends { item: z.ZodType }> = z.output<D['item']>;
