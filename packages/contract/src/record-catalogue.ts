import { z } from 'zod';
import type { TErrorKey } from './errors.ts';
import type { TBilingual } from './i18n/lang.ts';
import type { TEndpoint } from './endpoint.ts';
import { importExportEndpoints, type TImportKind } from './imports.ts';
import { recordStamps } from './ledger.ts';
import { recordEndpoints } from './record-endpoints.ts';

/*
 * The record catalogue (ARCHITECTURE.md 2 "Record catalogue"): a list resource is one declaration, its
 * field table. Each field says its name in both languages, its rule (zod), its kind, and where it appears:
 * list, search, sort, form, detail, import, export, evidence. From the declaration derive the create,
 * update, item and filter schemas, the contract endpoints (recordEndpoints, importExportEndpoints), the
 * menu actions, and the import template's and the export's columns; the server (platform/records) derives
 * its list query, writes, import, export and evidence from it, the web (shared/list/recordResource) its
 * columns, search, form and detail. Every document type is a declaration too, built from the document field
 * table (document.ts `documentRecordOf`).
 */

/**
 * How a field is entered, shown, searched and written to a workbook. `tags`: a list of short texts (a
 * partner's tags); `file`: a stored file with its evidence, attached by the page (a quality report).
 */
export type TRecordFieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'boolean'
  | 'ref'
  | 'tags'
  | 'file';

/**
 * How a list searches a field: text contained (any case), one exact value, a from-to range, or any of
 * several values (a tags field: a list, or comma-separated text).
 */
export type TRecordSearch = 'contains' | 'equals' | 'range' | 'any';

/**
 * Where the console offers a field's search: the search panel (default), the list column's header filter,
 * both, or neither (a filter of the API alone).
 */
export type TRecordSearchIn = 'panel' | 'column' | 'both' | 'none';

/**
 * A list column's importance: 1 what a row is read by (shown always, on a phone's card too), 2 shown by
 * default on a desktop, 3 offered in the column settings only.
 */
export type TListPriority = 1 | 2 | 3;

/** An option of an enum field, named in both languages. */
export interface TRecordOption {
  value: string;
  label: TBilingual;
}

export interface TRecordField {
  label: TBilingual;
  kind: TRecordFieldKind;
  /**
   * The field's rule in the create and update requests and in every imported row. Absent: clients do not
   * write it (the record's stamps, fields a hook fills).
   */
  schema?: z.ZodType;
  /** What the list and detail answer for it; absent: not part of the item (the stamps come with it). */
  item?: z.ZodType;
  /**
   * The most characters a text takes (form input, contains-search; each value of a tags field), or the largest
   * value a number takes (form input).
   */
  max?: number;
  /** The smallest value a number takes (form input). */
  min?: number;
  /** A number without decimals (form input). */
  integer?: boolean;
  /** The most values a tags field holds. */
  maxItems?: number;
  /** A list column (with its width in px). */
  list?: boolean | { width: number };
  /**
   * How much its list column matters (TListPriority): 1 shown always and on a phone's card, 2 shown by
   * default, 3 offered in the column settings only. Unmarked: 2, or 3 in a declaration that marks any field.
   */
  priority?: TListPriority;
  /**
   * How the list searches it. `equals` on a tags field: the list holds that value exactly (a document's related
   * numbers).
   */
  search?: TRecordSearch;
  /** The request key of its search where it is not the field's own (`relatedBillNo` of `relatedBillNos`). */
  searchKey?: string;
  /** Other fields a contains-search reads as well (a name in either language): one filter, their columns. */
  searchAlso?: readonly string[];
  /** Where the console offers the search (default: the search panel). */
  searchIn?: TRecordSearchIn;
  /** The search is offered in the list's one-box basic mode. */
  basic?: boolean;
  /** The list sorts by it (sortField = key). */
  sort?: boolean;
  /** In the create/edit form; default: when it has a schema. */
  form?: boolean;
  /** In the detail dialog; default true. Wide fields take a whole row. */
  detail?: boolean | 'wide';
  /**
   * A column of the import template, with the template's example; default: none. `schema`: the rule of a
   * column the create request does not take (an imported partner's `invite`), read by the page's importer.
   */
  import?: { example: string | TBilingual; schema?: z.ZodType };
  /** A column of the export; default: when it is a list column. */
  export?: boolean;
  /** Part of the evidence payload; default: when it has a schema. */
  evidence?: boolean;
  /** The values of an enum (a boolean's as 'true' and 'false'), named in both languages. */
  options?: readonly TRecordOption[];
}

/**
 * A list filter that is no one field's search (a partner's settlement): its rule, and for the console its
 * options and the list column whose header offers it. The server reads it in a hook (`listWhere`).
 */
export interface TRecordExtraFilter {
  schema: z.ZodType;
  options?: readonly TRecordOption[];
  column?: string;
}

/** The standard actions of a list page, their menu titles, and what a declaration needs for each. */
export const RECORD_ACTIONS = {
  Create: { zh: '新增', en: 'Create' },
  Edit: { zh: '编辑', en: 'Edit' },
  Delete: { zh: '删除', en: 'Delete' },
  BatchUpload: { zh: '批量导入', en: 'Bulk import' },
  BatchDelete: { zh: '批量删除', en: 'Bulk delete' },
  DownloadTemplate: { zh: '下载模板', en: 'Download template' },
  Export: { zh: '导出', en: 'Export' },
  ViewBCdata: { zh: '查看区块链存证', en: 'View on-chain evidence' },
  UploadAffix: { zh: '上传附件', en: 'Upload attachment' },
  ViewEnclosure: { zh: '查看附件', en: 'View attachments' },
  ViewUploadRecords: { zh: '查看上传记录', en: 'View upload records' },
} as const satisfies Record<string, TBilingual>;
export type TRecordAction = keyof typeof RECORD_ACTIONS;

type TSummaryKey = 'page' | 'detail' | 'add' | 'update' | 'delete' | 'batchDelete';

type Extras = Record<string, TRecordExtraFilter>;
type NoDetail = Record<never, never>;

export interface TRecordDeclarationInput<
  F extends Record<string, TRecordField>,
  X extends Extras = Extras,
  Dt extends z.ZodRawShape = NoDetail,
> {
  /** The resource's name: its import kind, its evidence subject type and its query-key root. */
  name: string;
  /** The page's menu code (permissions `<code>:<Action>`). */
  code: string;
  /** Path below /api, e.g. '/project'. */
  base: string;
  /** Its page writes as it reads (partners refresh their settlement): not answered as a read-only call. */
  pageWrites?: true;
  tag: string;
  /** The resource in titles and file names ('项目编号' / 'Project codes'). */
  title: TBilingual;
  /** One record in buttons and dialogs ('项目编号' / 'project code'). */
  noun: TBilingual;
  /** The field table, in form, column and template order. */
  fields: F;
  /** The fields whose values tell records apart in the enterprise, and the error a duplicate gets. */
  naturalKey: { fields: readonly (keyof F & string)[]; exists: TErrorKey };
  /** Further keys unique in the enterprise (a partner's USCI per type), each refused with its own error. */
  unique?: readonly { fields: readonly (keyof F & string)[]; exists: TErrorKey }[];
  /** List filters besides the fields' searches, by request key. */
  extraFilters?: X;
  /**
   * The column a row is known by, pinned at the list's left and a phone card's title; default: the natural
   * key's first field.
   */
  keyColumn?: keyof F & string;
  /** The list's columns in their order, where it is not the field table's (the form's and the export's). */
  listOrder?: readonly (keyof F & string)[];
  /** batchDelete answers null instead of `{ deleted }` (an API that answered so before the catalogue). */
  batchDeleteCount?: false;
  /** Bulk import, template and export (importExportEndpoints); the import kind is `name`. */
  importExport?: boolean;
  /**
   * Attachments on records (UploadAffix, ViewEnclosure); `bizType`: their upload business type where it is not
   * 'attachment' (a document type's code, so that its family's extensions apply).
   */
  attachments?: boolean | { bizType: string };
  /** Particular sentences of the endpoints' summaries (generic ones otherwise). */
  summaries?: Partial<Record<TSummaryKey, string>>;
  /**
   * A rule across fields (a document type's required fields, its amount against quantity and price), checked
   * on the create and update requests and on every imported row, after each field's own rule.
   */
  refine?: (value: z.output<TRecordCreateSchema<F>>, ctx: z.RefinementCtx) => void;
  /**
   * What the detail (and add and update) answers beyond the item (a document's related numbers resolved and
   * its returns); the server's store fills it (hook `detail`).
   */
  detail?: Dt;
}

type WithSchema<F extends Record<string, TRecordField>> = {
  [K in keyof F as F[K] extends { schema: z.ZodType } ? K : never]: F[K] extends {
    schema: infer S extends z.ZodType;
  }
    ? S
    : never;
};
type WithItem<F extends Record<string, TRecordField>> = {
  [K in keyof F as F[K] extends { item: z.ZodType } ? K : never]: F[K] extends {
    item: infer S extends z.ZodType;
  }
    ? S
    : never;
};

/** Import-only columns: fields without a create rule whose import declares one. */
type WithImportSchema<F extends Record<string, TRecordField>> = {
  [
    K in keyof F as F[K] extends { schema: z.ZodType }
      ? never
      : F[K] extends { import: { schema: z.ZodType } }
        ? K
        : never
  ]: F[K] extends { import: { schema: infer S extends z.ZodType } } ? S : never;
};

type Stem<K extends string> = K extends `${infer S}At` ? S : K extends `${infer S}Time` ? S : K;
/** The request key of a field's search: its `searchKey`, or the field's own key. */
type SearchKey<K extends string, G> = G extends { searchKey: infer S extends string } ? S : K;
/**
 * The list filters: a key per contains, equals or any-of search, a from-to pair per range search, and the
 * extra filters.
 */
export type TRecordFilters<
  F extends Record<string, TRecordField>,
  X extends Extras = Record<never, never>,
> = {
  [
    K in keyof F & string as F[K] extends { search: 'contains' | 'equals' } ? SearchKey<K, F[K]> : never
  ]: z.ZodOptional<z.ZodType<F[K] extends { kind: 'boolean' } ? boolean : string, unknown>>;
} & {
  [K in keyof F & string as F[K] extends { search: 'any' } ? SearchKey<K, F[K]> : never]: z.ZodOptional<
    z.ZodType<string[], unknown>
  >;
} & {
  [
    K in keyof F & string as F[K] extends { search: 'range' } ? `${Stem<K>}From` | `${Stem<K>}To` : never
  ]: z.ZodOptional<z.ZodType<number, unknown>>;
} & { [K in keyof X & string]: z.ZodOptional<X[K]['schema']> };

/** The create request: every field with a schema. */
export type TRecordCreateSchema<F extends Record<string, TRecordField>> = z.ZodObject<WithSchema<F>>;
/** A list row and the detail: id, the fields with an item schema, and the record's stamps and evidence. */
export type TRecordItemSchema<F extends Record<string, TRecordField>> = z.ZodObject<
  { id: z.ZodNumber } & WithItem<F> & typeof recordStamps
>;

/** A yes/no filter as JSON booleans or the texts a URL carries ('true', 'false'). */
const zYesNo = z.union([z.boolean(), z.stringbool()]);
const DEFAULT_SEARCH_MAX = 100;
/** An any-of search: at most this many values, or this many characters of comma-separated text. */
const ANY_SEARCH_VALUES_MAX = 50;
const ANY_SEARCH_TEXT_MAX = 500;

/**
 * The request keys of a range search: `createdAt` -> createdFrom/createdTo, `receiptTime` ->
 * receiptFrom/receiptTo (the field's name without its At or Time).
 */
export function rangeProps(key: string): readonly [from: string, to: string] {
  const stem = key.replace(/(At|Time)$/, '');
  return [`${stem}From`, `${stem}To`];
}

/** The filter schemas of one search field, by request key. */
function filtersOf(
  key: string,
  f: TRecordField,
  fields: Record<string, TRecordField>,
): Record<string, z.ZodType> {
  // A search of several fields takes the longest of their texts.
  const max = Math.max(
    ...[f, ...(f.searchAlso ?? []).map((k) => fields[k])].map((g) => g?.max ?? DEFAULT_SEARCH_MAX),
  );
  const prop = f.searchKey ?? key;
  const text = { [prop]: z.string().trim().max(max).optional() };
  switch (f.search) {
    case 'contains':
      return text;
    case 'any':
      return {
        [prop]: z
          .union([
            z.string().max(ANY_SEARCH_TEXT_MAX),
            z.array(z.string().max(f.max ?? DEFAULT_SEARCH_MAX)).max(ANY_SEARCH_VALUES_MAX),
          ])
          .transform((v) =>
            (Array.isArray(v) ? v : v.split(/[,，]/)).map((s) => s.trim()).filter((s) => s !== ''),
          )
          .optional(),
      };
    case 'equals':
      if (f.kind === 'boolean') return { [prop]: zYesNo.optional() };
      if (f.options?.length) {
        const values = f.options.map((o) => o.value) as [string, ...string[]];
        return { [prop]: z.enum(values).optional() };
      }
      return text;
    case 'range': {
      const [from, to] = rangeProps(key);
      return { [from]: z.coerce.number().int().optional(), [to]: z.coerce.number().int().optional() };
    }
    default:
      return {};
  }
}

const entries = <F extends Record<string, TRecordField>>(fields: F) =>
  Object.entries(fields) as [keyof F & string, TRecordField][];

/** A column of an import template: the field it fills, its header in both languages, the example. */
export interface TRecordImportColumn {
  key: string;
  zh: string;
  en: string;
  example: string | TBilingual;
  kind: TRecordFieldKind;
}

/** A column of an export: the field it shows, its header in both languages, how its value is written. */
export interface TRecordExportColumn {
  key: string;
  zh: string;
  en: string;
  kind: TRecordFieldKind;
  options?: readonly TRecordOption[];
}

/** A form field as the catalogue derives it (the web adds its controls). */
export interface TRecordFormField {
  key: string;
  label: TBilingual;
  kind: TRecordFieldKind;
  max?: number;
  min?: number;
  integer?: boolean;
  maxItems?: number;
  options?: readonly TRecordOption[];
}

/**
 * What `defineRecord` answers: the declaration and everything derived from it (its `refine` is part of the
 * request schemas, and not repeated: it reads one declaration's values).
 */
export type TRecordDeclaration<
  F extends Record<string, TRecordField>,
  X extends Extras = Record<never, never>,
  Dt extends z.ZodRawShape = NoDetail,
> = Omit<TRecordDeclarationInput<F, X, Dt>, 'refine'> & {
  create: TRecordCreateSchema<F>;
  update: z.ZodObject<WithSchema<F> & { id: z.ZodNumber }>;
  item: TRecordItemSchema<F>;
  /** What the detail, add and update answer: the item and the declaration's `detail`. */
  detailItem: z.ZodObject<TRecordItemSchema<F>['shape'] & Dt>;
  /** An imported row: the create request and the import-only columns. */
  importRow: z.ZodObject<WithSchema<F> & WithImportSchema<F>>;
  /** The list's (and the export's) filters. */
  filters: TRecordFilters<F, X>;
  /** Fields the list sorts by. */
  sortable: readonly (keyof F & string)[];
  /** The evidence payload's fields. */
  evidence: readonly (keyof F & string)[];
  formFields: readonly TRecordFormField[];
  importColumns: readonly TRecordImportColumn[];
  exportColumns: readonly TRecordExportColumn[];
  /** The page's action codes (`<code>:<Action>`) the declaration has endpoints for. */
  actions: readonly TRecordAction[];
};

const inForm = (f: TRecordField) => f.form ?? f.schema !== undefined;

/**
 * Declares a list resource and derives its schemas, columns and actions. The endpoints come from
 * `recordEndpointsOf` (their types follow the declaration's).
 */
export function defineRecord<
  const F extends Record<string, TRecordField>,
  const X extends Extras = Record<never, never>,
  const Dt extends z.ZodRawShape = NoDetail,
>(d: TRecordDeclarationInput<F, X, Dt>): TRecordDeclaration<F, X, Dt> {
  const all = entries(d.fields);
  const shape = (pick: (f: TRecordField) => z.ZodType | undefined) =>
    Object.fromEntries(all.flatMap(([k, f]) => (pick(f) ? [[k, pick(f)!]] : [])));
  // The cross-field rule on each request schema (built from the fields, then refined).
  const refined = <S extends z.ZodObject>(s: S): S =>
    d.refine ? s.superRefine(d.refine as (v: unknown, ctx: z.RefinementCtx) => void) : s;
  const written = z.object(shape((f) => f.schema));
  const create = refined(written) as unknown as TRecordCreateSchema<F>;
  const update = refined(written.extend({ id: z.number().int() })) as unknown as TRecordDeclaration<
    F,
    X,
    Dt
  >['update'];
  const item = z.object({
    id: z.number().int(),
    ...shape((f) => f.item),
    ...recordStamps,
  }) as unknown as TRecordItemSchema<F>;
  const detailItem = (d.detail ? item.extend(d.detail) : item) as unknown as TRecordDeclaration<
    F,
    X,
    Dt
  >['detailItem'];
  const importRow = refined(
    written.extend(
      Object.fromEntries(
        all.flatMap(([k, f]) => (!f.schema && f.import?.schema ? [[k, f.import.schema]] : [])),
      ),
    ),
  ) as unknown as TRecordDeclaration<F, X, Dt>['importRow'];
  for (const key of [d.naturalKey, ...(d.unique ?? [])]) {
    for (const k of key.fields) {
      if (!d.fields[k]?.schema) throw new Error(`${d.name}: key field ${k} is not a written field`);
    }
  }
  for (const [k, f] of all) {
    for (const other of f.searchAlso ?? []) {
      if (!d.fields[other]) throw new Error(`${d.name}: ${k} searches an unknown field ${other}`);
    }
  }
  if (d.keyColumn && !d.fields[d.keyColumn]?.list) {
    throw new Error(`${d.name}: keyColumn ${d.keyColumn} is not a list field`);
  }
  if (d.listOrder) {
    const listed = all.filter(([, f]) => f.list).map(([k]) => k);
    if ([...d.listOrder].sort().join() !== [...listed].sort().join()) {
      throw new Error(`${d.name}: listOrder must name each list field once`);
    }
  }
  // In the menu's order of standard actions; import/export and attachment actions only where declared.
  const io = new Set<TRecordAction>(['BatchUpload', 'DownloadTemplate', 'Export', 'ViewUploadRecords']);
  const files = new Set<TRecordAction>(['UploadAffix', 'ViewEnclosure']);
  const actions = (Object.keys(RECORD_ACTIONS) as TRecordAction[]).filter(
    (a) => (d.importExport || !io.has(a)) && (d.attachments || !files.has(a)),
  );
  const extras = Object.fromEntries(
    Object.entries(d.extraFilters ?? {}).map(([k, x]) => [k, x.schema.optional()]),
  );
  return {
    ...d,
    create,
    update,
    item,
    detailItem,
    importRow,
    filters: Object.assign({}, ...all.map(([k, f]) => filtersOf(k, f, d.fields)), extras) as TRecordFilters<
      F,
      X
    >,
    sortable: all.filter(([, f]) => f.sort).map(([k]) => k),
    evidence: all.filter(([, f]) => f.evidence ?? f.schema !== undefined).map(([k]) => k),
    formFields: all
      .filter(([, f]) => inForm(f))
      .map(([k, f]) => ({
        key: k,
        label: f.label,
        kind: f.kind,
        ...(f.max !== undefined ? { max: f.max } : {}),
        ...(f.min !== undefined ? { min: f.min } : {}),
        ...(f.integer ? { integer: true } : {}),
        ...(f.maxItems ? { maxItems: f.maxItems } : {}),
        ...(f.options ? { options: f.options } : {}),
      })),
    importColumns: all.flatMap(([k, f]) =>
      f.import ? [{ key: k, ...f.label, example: f.import.example, kind: f.kind }] : [],
    ),
    exportColumns: all.flatMap(([k, f]) =>
      (f.export ?? !!f.list)
        ? [{ key: k, ...f.label, kind: f.kind, ...(f.options ? { options: f.options } : {}) }]
        : [],
    ),
    actions,
  };
}

/** The page's action codes of a declaration, as the menu tree lists them (`<code>:<Action>`, titles). */
export function recordActionCodes(
  d: Pick<TRecordDeclaration<Record<string, TRecordField>>, 'code' | 'actions'>,
): { code: string; zh: string; en: string }[] {
  return d.actions.map((a) => ({ code: `${d.code}:${a}`, ...RECORD_ACTIONS[a] }));
}

/**
 * The contract endpoints of a declaration: page, detail, add, update, delete and batchDelete, each with its
 * page code's permission (`<code>`, `<code>:Create` ...).
 */
export function recordEndpointsOf<
  F extends Record<string, TRecordField>,
  X extends Extras,
  Dt extends z.ZodRawShape = NoDetail,
>(d: TRecordDeclaration<F, X, Dt>) {
  const noun = d.title.en.toLowerCase();
  const one = d.noun.en;
  const key = d.naturalKey.fields.join(' and ');
  const endpoints = recordEndpoints({
    base: d.base,
    code: d.code,
    tag: d.tag,
    ...(d.pageWrites ? { pageWrites: true as const } : {}),
    filters: d.filters,
    item: d.item,
    detail: d.detailItem,
    create: d.create,
    update: d.update,
    summaries: {
      page: `The enterprise's ${noun} with their on-chain evidence; sortField ${[...d.sortable, 'updatedAt'].join(', ')}`,
      detail: `One ${one}`,
      add: `Create a ${one} (${key} unique in the enterprise); recorded as evidence`,
      update: `Change a ${one}; recorded as evidence`,
      delete: `Delete a ${one}; refused (B2040) while business data references it; recorded as evidence`,
      batchDelete: `Delete several ${noun} at once, all or none: refused (B2040) when any is referenced, E1003 when any is unknown`,
      ...d.summaries,
    },
  });
  // What batchDelete answers: how many were deleted, or null where the API answered so before (batchDeleteCount).
  const batchDelete: TEndpoint<
    (typeof endpoints.batchDelete)['input'],
    z.ZodType<{ deleted: number } | null>,
    'enterprise'
  > = d.batchDeleteCount === false ? { ...endpoints.batchDelete, output: z.null() } : endpoints.batchDelete;
  return { ...endpoints, batchDelete };
}

/** Bulk import, template, export and upload records of a declaration; its import kind is its name. */
export function recordImportExportOf<
  F extends Record<string, TRecordField>,
  X extends Extras,
  Dt extends z.ZodRawShape = NoDetail,
>(d: TRecordDeclaration<F, X, Dt>) {
  if (!d.importExport) throw new Error(`${d.name} declares no import and export`);
  return importExportEndpoints({
    kind: d.name as TImportKind,
    base: d.base,
    code: d.code,
    filters: d.filters,
    tag: d.tag,
    noun: d.title.en.toLowerCase(),
  });
}

/** A required text field's rule: trimmed, 1 to `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** An optional text field's rule: trimmed, at most `max` characters, '' when absent. */
export const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** A required text field's kind, rule, item and length (`max` said once). */
export const requiredTextField = (max: number) =>
  ({ kind: 'text', schema: requiredText(max), item: z.string(), max }) as const;

/** An optional text field's kind (a line, or a long text), rule, item and length (`max` said once). */
export const optionalTextField = <K extends 'text' | 'textarea' = 'text'>(max: number, kind?: K) =>
  ({ kind: kind ?? ('text' as K), schema: optionalText(max), item: z.string(), max }) as const;

/** A long optional text (notes, a description): exported, on a row of its own in the detail, no example. */
export const longTextField = (max: number) =>
  ({ ...optionalTextField(max, 'textarea'), export: true, detail: 'wide', import: { example: '' } }) as const;

/** The creation time as the lists show it: a column, a from-to search and a sort. */
export const createdAtField = {
  label: { zh: '创建时间', en: 'Created' },
  kind: 'datetime',
  list: { width: 180 },
  search: 'range',
  sort: true,
} as const;
