import type { ComponentType, ReactNode } from 'react';
import { Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import {
  type TEndpoint,
  type TImportRecord,
  type TLang,
  type TRecordDeclaration,
  type TRecordExtraFilter,
  type TRecordField,
  type TRecordFormField,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useTranslation } from 'react-i18next';
import { i18n, useLang, type TI18nKey } from '../../i18n';
import type { TDetailField } from '../DetailCard';
import { RecordDetailDialog } from './RecordDetailDialog';
import { RecordFormDialog } from '../form/RecordFormDialog';
import type { TFormField, TFormValues } from '../form/types';
import { formatDateTime, formatNumber } from '../format';
import {
  fieldKey,
  inColumn,
  optionsOf,
  recordColumnKeys,
  recordKeyColumn,
  recordPriority,
  recordSearchFields,
} from './recordFields';
import {
  defineResource,
  type TColumnDef,
  type TColumnFilter,
  type TImportExport,
  type TOptionSource,
  type TRenderContext,
  type TResource,
  type TResourceDialogProps,
  type TResourceKeys,
  type TRowAction,
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

/** The sentences of a record list: `records.<text>` with the record's noun, or the page's own (`texts`). */
export type TRecordText =
  | 'create'
  | 'createTitle'
  | 'editTitle'
  | 'detailTitle'
  | 'created'
  | 'updated'
  | 'deleted'
  | 'confirmDelete'
  | 'confirmBatchDelete';

type TRenderer<T> = (record: T, ctx: TRenderContext) => ReactNode;

/** What a page adds to or changes in the derived declaration. */
export interface TRecordOverrides<T extends TRecordRow> {
  /** Columns placed before a field's column (the chain status before the creation time). */
  columnsBefore?: Partial<Record<string, TColumnDef<T>[]>>;
  /** Detail fields placed after a field's (the chain status after the code). */
  detailsAfter?: Partial<Record<string, TDetailField<T>[]>>;
  /** A field's value as its column and its detail show it (a status badge, a file), by field key. */
  render?: Partial<Record<string, TRenderer<T>>>;
  /** What a field's column shows otherwise (the English name in English, a short hash), by field key. */
  columns?: Partial<Record<string, Partial<TColumnDef<T>>>>;
  /** What a field's detail shows otherwise, by field key. */
  details?: Partial<Record<string, Partial<TDetailField<T>>>>;
  /** The options of a field's search where the server supplies them (a partner's tags), by field key. */
  searchOptions?: Partial<Record<string, TOptionSource>>;
  /** Further row actions (before edit and delete) and their dialogs. */
  rowActions?: TRowAction<T>[];
  /** Further row actions right after a standard one. */
  rowActionsAfter?: Partial<Record<'view' | 'edit' | 'delete', TRowAction<T>[]>>;
  toolbar?: TToolbarAction<T>[];
  /** Further toolbar actions right after a standard one. */
  toolbarAfter?: Partial<Record<'create' | 'batchDelete', TToolbarAction<T>[]>>;
  dialogs?: Record<string, ComponentType<TResourceDialogProps<T>>>;
  /** Bulk delete in the toolbar (default true: the contract declares batchDelete). */
  batchDelete?: boolean;
  /** The form's controls where a field needs more than its kind gives (a picker). */
  formFields?: Partial<Record<string, Partial<TFormField>>>;
  /** The form in two columns (many short fields). */
  formColumns?: 1 | 2;
  /** The create form's first values; an edited record's blank (null) fields take them too (an "(Empty)" option). */
  initialValues?: TFormValues;
  /** The page's own sentences where the generic `records.*` ones do not read right (same parameters). */
  texts?: Partial<Record<TRecordText, TI18nKey>>;
  /** The record as the delete confirmation names it; its natural key's first part by default. */
  confirmName?: (record: T) => string;
  /** More about a finished import under its counts (the partners whose invitation failed). */
  importResult?: ComponentType<{ record: TImportRecord }>;
  /** The detail dialog's width (many or long values). */
  detailWidth?: number;
  /** The stem of the dialogs' test ids (`<stem>-form-dialog`); the declaration's name in kebab-case by default. */
  testId?: string;
}

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
  tags: 'tags',
};

/** An option's name in the language (a boolean's value as 'true' or 'false'), or undefined. */
export function optionLabel(
  f: Pick<TRecordField, 'options'>,
  value: unknown,
  lang: TLang,
): string | undefined {
  return f.options?.find((o) => o.value === String(value))?.label[lang];
}

/** A tags field's values, each a tag. */
function RecordTags({ tags }: { tags: readonly string[] }) {
  return (
    <span className="record-tags">
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </span>
  );
}

/** How a value of the field's kind reads (options by name, yes/no, a decimal, tags); undefined: as it is. */
function kindRenderer<T extends TRecordRow>(key: string, f: TRecordField): TRenderer<T> | undefined {
  const valueOf = (r: T) => (r as Record<string, unknown>)[key];
  if (f.options) return (r, { lang }) => optionLabel(f, valueOf(r), lang);
  switch (f.kind) {
    case 'boolean':
      return (r, { t }) => t(valueOf(r) ? 'common.yes' : 'common.no');
    case 'decimal':
      // Up to 4 decimals with thousands separators (spec 9): a double shows 13 significant digits exactly.
      return (r) => {
        const v = valueOf(r);
        return v === null || v === undefined ? null : formatNumber(Number(v));
      };
    case 'tags':
      return (r) => {
        const tags = (valueOf(r) as string[] | undefined) ?? [];
        return tags.length ? <RecordTags tags={tags} /> : null;
      };
    default:
      return undefined;
  }
}

/** The header filter of a field's column: its own equals-search, or an extra filter the column offers. */
function filterOf(d: Decl, key: string, f: TRecordField): TColumnFilter | undefined {
  const options = optionsOf(f);
  if (f.search === 'equals' && inColumn(f) && options) return { prop: key, options };
  const extras: Record<string, TRecordExtraFilter> = d.extraFilters ?? {};
  const extra = Object.entries(extras).find(([, x]) => x.column === key);
  const extraOptions = extra && optionsOf(extra[1]);
  return extra && extraOptions ? { prop: extra[0], options: extraOptions } : undefined;
}

function columnsOf<T extends TRecordRow>(d: Decl, o: TRecordOverrides<T>): TColumnDef<T>[] {
  return recordColumnKeys(d).flatMap((key) => {
    const f = d.fields[key]!;
    const format = FORMAT[f.kind];
    const render = o.render?.[key] ?? kindRenderer<T>(key, f);
    const filter = filterOf(d, key, f);
    const column: TColumnDef<T> = {
      key: key as keyof T & string,
      label: fieldKey(d, key),
      priority: recordPriority(d, key),
      ...(typeof f.list === 'object' ? { width: f.list.width } : {}),
      ...(f.sort ? { sortable: true } : {}),
      ...(format && !render ? { format } : {}),
      ...(render ? { render } : {}),
      ...(filter ? { filter } : {}),
      ...o.columns?.[key],
    };
    return [...(o.columnsBefore?.[key] ?? []), column];
  });
}

function detailsOf<T extends TRecordRow>(d: Decl, o: TRecordOverrides<T>): TDetailField<T>[] {
  // Wide fields (long texts) after the two-column ones.
  const entries = Object.entries(d.fields).filter(([, f]) => inDetail(f));
  const ordered = [...entries.filter(([, f]) => !isWide(f)), ...entries.filter(([, f]) => isWide(f))];
  return ordered.flatMap(([key, f]) => {
    const render =
      o.render?.[key] ??
      (f.kind === 'datetime'
        ? (r: T) => formatDateTime((r as Record<string, unknown>)[key] as number | null)
        : kindRenderer<T>(key, f));
    const field: TDetailField<T> = {
      key,
      label: fieldKey(d, key),
      ...(isWide(f) ? { wide: true } : {}),
      ...(render ? { value: render } : {}),
      ...o.details?.[key],
    };
    return [field, ...(o.detailsAfter?.[key] ?? [])];
  });
}

/** A form field's bounds: a number's values (whole ones: no decimals), a text's length. */
function boundsOf(f: TRecordFormField): Partial<TFormField> {
  if (f.kind === 'number') {
    return {
      ...(f.min !== undefined ? { min: f.min } : {}),
      ...(f.max !== undefined ? { max: f.max } : {}),
      ...(f.integer ? { precision: 0 } : {}),
    };
  }
  // A tags field's `max` is each tag's; the control counts the tags.
  return f.max && f.kind !== 'tags' ? { maxLength: f.max } : {};
}

function formFieldsOf<T extends TRecordRow>(d: Decl, o: TRecordOverrides<T>): TFormField[] {
  return d.formFields.map((f) => {
    const input = INPUT[f.kind];
    const options = optionsOf(d.fields[f.key]!);
    return {
      name: f.key,
      label: fieldKey(d, f.key),
      ...(input ? { input } : {}),
      ...boundsOf(f),
      ...(f.maxItems ? { maxCount: f.maxItems } : {}),
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
  const nameOf = o.confirmName ?? ((r: T) => String(r[nameKey as keyof T]));
  const fields = formFieldsOf(d, o);
  const details = detailsOf(d, o);
  const testId = o.testId ?? d.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  /** A sentence's text key: the page's own, or the generic one. */
  const textKey = (text: TRecordText): TI18nKey => o.texts?.[text] ?? `records.${text}`;
  /** A sentence in the current language, with the record's noun and `params`. */
  const text = (key: TRecordText, ctx: TRenderContext, params: Record<string, unknown> = {}) =>
    ctx.t(textKey(key), { ...nounOf(d, ctx), ...params });

  function FormDialog({ record, onClose, onDone }: TResourceDialogProps<T>) {
    const { t } = useTranslation();
    const ctx = { lang: useLang(), t };
    return (
      <RecordFormDialog<T>
        record={record}
        fields={fields}
        create={{
          endpoint: endpoints.add,
          title: { text: text('createTitle', ctx) },
          success: textKey('created'),
          ...(o.initialValues ? { initialValues: o.initialValues } : {}),
        }}
        update={{
          endpoint: endpoints.update,
          title: { text: text('editTitle', ctx) },
          success: textKey('updated'),
          values: (r) =>
            Object.fromEntries(
              d.formFields.map((f) => [
                f.key,
                (r as Record<string, unknown>)[f.key] ?? o.initialValues?.[f.key],
              ]),
            ),
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
    const ctx = { lang: useLang(), t };
    return (
      <RecordDetailDialog<T>
        record={record}
        endpoint={endpoints.detail}
        queryKey={page.keys.detail}
        title={text('detailTitle', ctx)}
        fields={details}
        onClose={onClose}
        {...(o.detailWidth ? { width: o.detailWidth } : {})}
        testId={`${testId}-detail-dialog`}
      />
    );
  }

  const toolbar: TToolbarAction<T>[] = [
    {
      key: 'create',
      label: (_rows, ctx) => text('create', ctx),
      permission: `${code}:Create`,
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
    ...(o.toolbarAfter?.create ?? []),
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
              text('confirmBatchDelete', ctx, { count: rows.length }),
            run: (rows: T[]) =>
              call(
                endpoints.batchDelete,
                { ids: rows.map((r) => r.id) },
                { failure: 'common.failures.delete' },
              ),
            success: textKey('deleted'),
          } satisfies TToolbarAction<T>,
          ...(o.toolbarAfter?.batchDelete ?? []),
        ]),
    ...(o.toolbar ?? []),
  ];

  const rowActions: TRowAction<T>[] = [
    { key: 'view', label: 'common.actions.view', dialog: 'detail' },
    ...(o.rowActionsAfter?.view ?? []),
    ...(o.rowActions ?? []),
    { key: 'edit', label: 'records.edit', permission: `${code}:Edit`, dialog: 'form' },
    ...(o.rowActionsAfter?.edit ?? []),
    {
      key: 'delete',
      label: 'records.delete',
      permission: `${code}:Delete`,
      danger: true,
      confirm: (r, ctx) => text('confirmDelete', ctx, { name: nameOf(r) }),
      run: (r) => call(endpoints.delete, { id: r.id }, { failure: 'common.failures.delete' }),
      success: textKey('deleted'),
    },
    ...(o.rowActionsAfter?.delete ?? []),
  ];

  return defineResource({
    name: page.name,
    code,
    endpoint: endpoints.page,
    keys: page.keys,
    rowKey: 'id',
    ...(d.importExport && endpoints.importExcel ? { importExport: endpoints as TImportExport } : {}),
    ...(o.importResult ? { importResult: o.importResult } : {}),
    ...(d.attachments
      ? {
          attachments: {
            key: (r: T) => r.id,
            title: (r: T) => String(r[nameKey as keyof T]),
            ...(typeof d.attachments === 'object' ? { bizType: d.attachments.bizType } : {}),
          },
        }
      : {}),
    columns: columnsOf(d, o),
    ...(recordKeyColumn(d) ? { keyColumn: recordKeyColumn(d) } : {}),
    search: recordSearchFields(d, o.searchOptions),
    toolbar,
    rowActions,
    dialogs: { form: FormDialog, detail: DetailDialog, ...o.dialogs },
  } as unknown as TResource<E['page']>);
}

/** The row type of a declaration's list (its item schema's output). */
export type TRecordItem<D extends { item: z.ZodType }> = z.output<D['item']>;
