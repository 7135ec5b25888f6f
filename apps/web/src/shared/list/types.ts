import type { ComponentType, ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NavigateFunction } from 'react-router';
import type { z } from 'zod';
import {
  fileBizType,
  type TEndpoint,
  type TImportRecord,
  type TInput,
  type TListPriority,
  type TListResponse,
  type TOutput,
} from '@tracehub/contract';
import type { TI18nKey } from '../../i18n';
import type { TConfirm } from '../confirm';
import type { TDetailField } from '../DetailCard';
import type { TOptionSource, TRenderContext } from '../options';
import type { TRequestValues } from './listState';

export type { TOption, TOptionSource, TRenderContext } from '../options';

/** The row type of a list endpoint (its output is `{list, total}`). */
export type TListItem<E> = TOutput<E> extends { list: (infer T)[] } ? T : never;

/** A column-header filter (the table filter popover of spec 2.5); its value is sent as `prop`. */
export interface TColumnFilter {
  prop: string;
  options: TOptionSource;
  multiple?: boolean;
}

export interface TColumnDef<T> {
  key: keyof T & string;
  /** The column's own key and sort field when several columns show parts of one field (a nested object). */
  id?: string;
  label: TI18nKey;
  /** Clamped to the spec's 88-500 px. */
  width?: number;
  sortable?: boolean;
  format?: 'datetime' | 'date' | 'number';
  filter?: TColumnFilter;
  /** Escape hatch for a custom cell; blank results still show "--". */
  render?: (record: T, ctx: TRenderContext) => ReactNode;
  /** How much the column matters (contract TListPriority): 3 is offered in the column settings only. */
  priority?: TListPriority;
}

/** The search item shape of spec 2.5: type, prop, label, placeholder, multiple, options, items, tip. */
interface TSearchBase {
  prop: string;
  label: TI18nKey;
  placeholder?: TI18nKey;
  /** A hint shown beside the field (e.g. that several comma-separated values are accepted). */
  tip?: TI18nKey;
}

/** A scalar value a search field starts from and returns to on Reset. */
export type TSearchDefault = string | number;

export type TSearchField =
  | (TSearchBase & {
      type: 'text';
      /** Offered in the one-box basic mode. */
      basic?: boolean;
      /** Several comma-separated exact values, sent as an array. */
      multiple?: boolean;
      defaultValue?: string;
    })
  | (TSearchBase & { type: 'number'; min?: number; max?: number; defaultValue?: number })
  | (TSearchBase & {
      type: 'select';
      options: TOptionSource;
      multiple?: boolean;
      defaultValue?: TSearchDefault;
    })
  | (TSearchBase & { type: 'date' })
  | (TSearchBase & {
      type: 'daterange' | 'datetimerange' | 'monthrange';
      /** The request keys of the two bounds. */
      props: readonly [from: string, to: string];
      /** Sent as formatted text (default) or, for endpoints that take instants, epoch milliseconds. */
      valueFormat?: 'text' | 'epochMs';
    })
  | (TSearchBase & {
      type: 'combination';
      /** The fields the dropdown chooses between; the text goes to the chosen one's key. */
      items: readonly { prop: string; label: TI18nKey }[];
      basic?: boolean;
    });

/** What an action's code gets besides the record: navigation, dialogs, messages and list refresh. */
export interface TActionContext<T> extends TRenderContext {
  navigate: NavigateFunction;
  confirm: TConfirm;
  message: MessageInstance;
  /** Marks the resource's cached data stale; shown lists refetch. */
  invalidate: () => Promise<void>;
  openDialog: (key: string, target: { record?: T; rows?: T[] }) => void;
  /** The list's current request (search, filters, sort, paging); empty on a detail page. */
  request: TRequestValues;
}

/**
 * One button of a row or the toolbar. It needs `permission` (a menu action code) to be shown, and does
 * one thing: follow `to`, open one of the resource's `dialog`s, or `run` (after `confirm`, if given),
 * then report `success` and refresh the list. A `guard` reason stops it with a warning first.
 */
interface TActionBase<T, A> {
  key: string;
  label: TI18nKey | ((target: A, ctx: TRenderContext) => string);
  /** A menu action code, or several of which any one allows the action. */
  permission?: string | readonly string[];
  danger?: boolean;
  dialog?: string;
  /** Why the action cannot run now (shown as a warning instead), or null. */
  guard?: (target: A, ctx: TRenderContext) => TI18nKey | null;
  confirm?: (target: A, ctx: TRenderContext) => ReactNode;
  run?: (target: A, ctx: TActionContext<T>) => Promise<unknown>;
  success?: TI18nKey;
  /** The run changes nothing (a download): the list is not refreshed after it. */
  readOnly?: boolean;
}

export interface TRowAction<T> extends TActionBase<T, T> {
  to?: (record: T) => string;
  visible?: (record: T, ctx: TRenderContext) => boolean;
  /** Not repeated on the record's own detail page (e.g. the link to it). */
  listOnly?: boolean;
}

export interface TToolbarAction<T> extends TActionBase<T, T[]> {
  /** Absolute, or relative to the list's route ('uploadOperation' opens its sub-route). */
  to?: string;
  icon?: ReactNode;
  primary?: boolean;
  /** Works on the selected rows; the rows become selectable and the button waits for a selection. */
  batch?: boolean;
}

/** A dialog a resource's actions open: the record (row actions) or the selected rows (batch actions). */
export interface TResourceDialogProps<T> {
  record: T | null;
  rows: T[];
  onClose: () => void;
  /** Closes, clears the selection and refreshes the list. */
  onDone: () => void;
  /** Refreshes the list and keeps the dialog open (an import that wrote rows shows its result). */
  refresh: () => void;
}

/** The domain's query-key factory, as far as a list needs it. */
export interface TResourceKeys<E extends TEndpoint> {
  all: QueryKey;
  list: (request: TInput<E>) => QueryKey;
  detail?: (id: number) => QueryKey;
}

/** The detail page of a resource: its endpoint (by id) and the label/value pairs it shows. */
export interface TResourceDetail<T> {
  endpoint: TEndpoint;
  title: TI18nKey;
  fields: readonly TDetailField<T>[];
  /** The route param holding the id. */
  param?: string;
}

/** The import/export endpoints of a resource, as the contract's `importExportEndpoints` declares them. */
export interface TImportExport {
  /** Multipart (field `file`): answers the queued import, polled at /import/records/:id. */
  importExcel: TEndpoint<z.ZodType, z.ZodType<TImportRecord>>;
  /** The xlsx import template. */
  template: TEndpoint;
  /** The xlsx of the rows the list's filters find. */
  export: TEndpoint;
  /** The resource's imports, for its upload-operation page. */
  uploadRecord: TEndpoint<z.ZodType, z.ZodType<TListResponse<TImportRecord>>>;
}

/** A resource whose records carry attachments (spec 2.4 "Attachment upload and view"). */
export interface TResourceAttachments<T> {
  /** The record's id or code; its files are filed under `<code>:<key>` (see attachmentBizNo). */
  key: (record: T) => string | number;
  /** A name for the record in the dialogs' titles (its code); the key when absent. */
  title?: (record: T) => string;
  /**
   * The upload business type of the attachments (FILE_BIZ_TYPES name or document type code), which decides
   * the extensions accepted: 'attachment' (master data) when absent; a document page passes its type's
   * numeric code, `String(def.typeCode)` ('110' ...), so that its family's extensions apply and refused
   * uploads appear on /stage/fileErrorLog. An unknown one fails at declaration (defineResource).
   */
  bizType?: string;
}

/** A resource as a declaration: what the shared list page, search panel, detail page and actions render. */
export interface TResource<E extends TEndpoint> {
  /** Route name of the list page; keys the stored search mode and the refresh flag. */
  name: string;
  endpoint: E;
  keys: TResourceKeys<E>;
  rowKey: keyof TListItem<E> & string;
  columns: readonly TColumnDef<TListItem<E>>[];
  /**
   * The id of the column a row is known by: pinned at the left, always shown, a phone card's title; the
   * first column by default.
   */
  keyColumn?: string;
  search: readonly TSearchField[];
  rowActions?: readonly TRowAction<TListItem<E>>[];
  toolbar?: readonly TToolbarAction<TListItem<E>>[];
  /** Rows a batch action may take (e.g. only pending applications). */
  selectable?: (record: TListItem<E>) => boolean;
  dialogs?: Readonly<Record<string, ComponentType<TResourceDialogProps<TListItem<E>>>>>;
  detail?: TResourceDetail<TListItem<E>>;
  /**
   * The page's permission code in the menu tree (e.g. 'Project'). The standard actions below are shown to
   * sessions holding `<code>:<Action>`: BatchUpload, DownloadTemplate, Export, ViewUploadRecords for
   * `importExport`, UploadAffix and ViewEnclosure for `attachments`.
   */
  code?: string;
  /** Bulk import, template, export and upload records (the `<list path>/uploadOperation` page). */
  importExport?: TImportExport;
  attachments?: TResourceAttachments<TListItem<E>>;
  /** Rows still changing (an import that runs): the list asks again every few seconds while one is shown. */
  live?: (record: TListItem<E>) => boolean;
  /**
   * Request keys that scope the list to a parent record, from the route's params (`id` of
   * `materialRelation/link/:id`) or the page's query (`taskId` of `dataChecking/checkLog/detail?taskId=`):
   * sent with every request, kept through searches and resets, shared by the page's lists (never prefixed).
   */
  routeParams?: readonly string[];
  /**
   * The prefix of the list's own keys in the query string (`findings` gives `findings.pageNo`), for a page
   * that shows several lists; none by default.
   */
  stateKey?: string;
  /** More about a finished import under its counts (e.g. the partners whose invitation failed). */
  importResult?: ComponentType<{ record: TImportRecord }>;
}

export function defineResource<E extends TEndpoint>(resource: TResource<E>): TResource<E> {
  if ((resource.importExport || resource.attachments) && !resource.code) {
    throw new Error(`Resource ${resource.name}: importExport and attachments need the page's code`);
  }
  if (resource.attachments?.bizType !== undefined) fileBizType(resource.attachments.bizType);
  return resource;
}
