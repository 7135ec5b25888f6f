import { useEffect, useEffectEvent, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Card, Checkbox, Pagination, Table, type PaginationProps, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type TEndpoint, type TListResponse } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { CACHE_FLAG, hasCacheFlag } from '../cacheFlag';
import { scrollToTop } from '../scrollToTop';
import { ColumnSettings, useColumnChoices, useNarrow } from './ColumnSettingsControl';
import {
  buildColumns,
  chosenColumns,
  columnId,
  columnMetas,
  keyColumnOf,
  renderCell,
  totalWidth,
} from './columns';
import {
  patchListParams,
  readListRequest,
  searchDefaults,
  toUrlKeys,
  type TRequestValues,
} from './listState';
import { takeListRefresh } from './refresh';
import { SearchPanel } from './SearchPanel';
import { EmptyList } from './EmptyList';
import type { TColumnDef, TListItem, TRenderContext, TResource } from './types';
import { useResourceActions } from './useResourceActions';
import './list.css';

/** Above this page size the table renders only the rows in view (1,000 rows per page stay smooth). */
const VIRTUAL_FROM_PAGE_SIZE = 100;
const VIRTUAL_TABLE_HEIGHT = 640;
/** How often a list with changing rows (see TResource.live) asks again while one is shown. */
const LIVE_REFRESH_MS = 2_000;

/**
 * The shared list page (spec 2.5) driven by a declaration: state in the URL (route params and query),
 * silent failures (an empty table, no message), the spec's pager sizes, a smooth scroll to the top on
 * paging, refresh on re-activation, permission-gated toolbar and row actions, batch selection, column
 * filters, and virtual rows for large pages.
 */
export function ResourceList<E extends TEndpoint>({
  resource,
  fixed,
}: {
  resource: TResource<E>;
  /** Request values the page gives (a parent's ids taken from its address): sent with every request. */
  fixed?: TRequestValues;
}) {
  type TRow = TListItem<E>;
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const paramsText = JSON.stringify(useParams());
  const fixedText = JSON.stringify(fixed ?? {});
  const [searchParams, setSearchParams] = useSearchParams();
  const generic = resource as unknown as TResource<TEndpoint>;
  const request = useMemo(
    () =>
      readListRequest(
        resource,
        searchParams,
        JSON.parse(paramsText) as Record<string, string>,
        JSON.parse(fixedText) as TRequestValues,
      ),
    [resource, searchParams, paramsText, fixedText],
  );
  const state = request as TRequestValues & { pageNo: number; pageSize: number };
  const defaults = useMemo(() => searchDefaults(resource.search), [resource.search]);
  const urlDefaults = useMemo(() => toUrlKeys(generic, defaults), [generic, defaults]);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<TRow[]>([]);
  const clearSelection = () => {
    setSelectedKeys([]);
    setSelectedRows([]);
  };
  const actions = useResourceActions(resource, clearSelection, request as TRequestValues);

  const query = useQuery({
    queryKey: resource.keys.list(request),
    queryFn: async ({ signal }) => {
      try {
        return (await call(resource.endpoint, request, { silent: true, signal })) as TListResponse<TRow>;
      } catch {
        return { list: [], total: 0 } satisfies TListResponse<TRow>;
      }
    },
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      resource.live && q.state.data?.list.some(resource.live) ? LIVE_REFRESH_MS : false,
  });

  const update = (patch: TRequestValues) => {
    const next = patchListParams(searchParams, toUrlKeys(generic, patch), urlDefaults);
    next.delete(CACHE_FLAG);
    clearSelection();
    setSearchParams(next, { replace: true });
  };

  // Re-activated: a refresh flag (possibly with a page number) set by another page, or arriving without
  // the tab cache flag (from the sidebar or a link), shows fresh rows.
  const activatedBefore = useRef(false);
  const onActivate = useEffectEvent(() => {
    const flag = takeListRefresh(resource.name);
    if (flag?.pageNo && flag.pageNo !== state.pageNo) update({ pageNo: flag.pageNo });
    else if (flag || (activatedBefore.current && !hasCacheFlag(location.search))) void query.refetch();
    activatedBefore.current = true;
  });
  useEffect(() => onActivate(), []);

  const ctx: TRenderContext = { lang, t };
  const keyColumn = keyColumnOf(resource.columns, resource.keyColumn);
  const metas = useMemo(() => columnMetas(resource.columns, keyColumn), [resource.columns, keyColumn]);
  const { choices, save: saveChoices } = useColumnChoices(resource.name, metas);
  const keyIds = useMemo(() => new Set(keyColumn ? [keyColumn] : []), [keyColumn]);
  const shown = chosenColumns(resource.columns, choices);
  const narrow = useNarrow();
  const columns = buildColumns<TRow>({
    columns: shown,
    keyColumn,
    state,
    ctx,
    onFilter: (prop, values) => update({ [prop]: values, pageNo: 1 }),
    actions: actions.hasRowActions ? (record) => actions.renderRowActions(record) : undefined,
    actionWidth: actions.actionColumnWidth,
  });

  const onTableChange: TableProps<TRow>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const order = single?.order;
    update({
      pageNo: 1,
      sortField: order ? String(single.columnKey) : undefined,
      sortOrder: order ? (order === 'ascend' ? 'asc' : 'desc') : undefined,
    });
  };

  const data = query.data ?? { list: [], total: 0 };
  const virtual = state.pageSize > VIRTUAL_FROM_PAGE_SIZE;
  const toolbar = actions.renderToolbar(selectedRows);
  // A search that finds nothing is said as such; an empty list without one offers its first steps.
  const filtered = resource.search.some((field) => {
    const value = state[field.prop];
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    return !empty && value !== defaults.get(field.prop);
  });
  const emptyText = query.isFetching ? (
    ' '
  ) : (
    <EmptyList filtered={filtered} starters={filtered ? null : actions.renderStarters()} />
  );
  const pagination = {
    current: state.pageNo,
    pageSize: state.pageSize,
    total: data.total,
    showSizeChanger: true,
    showQuickJumper: !narrow,
    pageSizeOptions: LIMITS.pageSizeOptions.map(String),
    showTotal: (total: number) => t('common.list.total', { total }),
    onChange: (pageNo: number, pageSize: number) => {
      update({ pageNo: pageSize === state.pageSize ? pageNo : 1, pageSize });
      scrollToTop();
    },
  };
  const selection = actions.hasBatch
    ? {
        selectedRowKeys: selectedKeys,
        onChange: (keys: Key[], rows: TRow[]) => {
          setSelectedKeys(keys);
          setSelectedRows(rows);
        },
        getCheckboxProps: (record: TRow) => ({
          disabled: resource.selectable ? !resource.selectable(record) : false,
        }),
      }
    : undefined;
  return (
    <Card className="th-card resource-list" data-testid={`list-${resource.name}`}>
      <div className="list-head">
        {toolbar}
        {resource.search.length > 0 && (
          <SearchPanel
            routeName={resource.name}
            fields={resource.search}
            values={state}
            onSearch={(values) => update({ ...values, pageNo: 1 })}
            onReset={(keys) => update({ ...Object.fromEntries(keys.map((k) => [k, undefined])), pageNo: 1 })}
          />
        )}
        {resource.columns.length > 1 && (
          <ColumnSettings
            choices={choices}
            labels={new Map(resource.columns.map((c) => [columnId(c), t(c.label)]))}
            keyIds={keyIds}
            onChange={saveChoices}
          />
        )}
      </div>
      {narrow ? (
        <ListCards<TRow>
          rows={data.list}
          rowKey={resource.rowKey}
          columns={shown}
          keyColumn={keyColumn}
          ctx={ctx}
          loading={query.isFetching}
          actions={actions.hasRowActions ? (record) => actions.renderRowActions(record) : undefined}
          selection={selection}
          pagination={pagination}
          empty={emptyText}
        />
      ) : (
        <Table<TRow>
          rowKey={resource.rowKey}
          columns={columns}
          dataSource={data.list}
          loading={query.isFetching}
          onChange={onTableChange}
          virtual={virtual}
          scroll={
            virtual
              ? { x: totalWidth(columns, actions.hasBatch), y: VIRTUAL_TABLE_HEIGHT }
              : { x: 'max-content' }
          }
          size="middle"
          locale={{ emptyText }}
          rowSelection={selection}
          pagination={pagination}
        />
      )}
      {actions.dialogElement}
    </Card>
  );
}

/** The lines of a phone card: the columns marked most important, or the first few shown. */
const CARD_LINES = 4;

/**
 * The list on a phone (issue 15, item 1): a card per row, the key column as its title, the most important
 * columns as label: value lines, the row's actions at the bottom; the table's pager below.
 */
function ListCards<T>({
  rows,
  rowKey,
  columns,
  keyColumn,
  ctx,
  loading,
  actions,
  selection,
  pagination,
  empty,
}: {
  rows: readonly T[];
  rowKey: keyof T & string;
  columns: readonly TColumnDef<T>[];
  keyColumn: string | undefined;
  ctx: TRenderContext;
  loading: boolean;
  actions?: (record: T) => ReactNode;
  selection?: {
    selectedRowKeys: Key[];
    onChange: (keys: Key[], rows: T[]) => void;
    getCheckboxProps: (record: T) => { disabled: boolean };
  };
  pagination: PaginationProps;
  /** What shows without rows (EmptyList). */
  empty: ReactNode;
}) {
  const title = columns.find((c) => columnId(c) === keyColumn);
  const rest = columns.filter((c) => c !== title);
  const marked = rest.filter((c) => c.priority === 1);
  const lines = marked.length > 0 ? marked : rest.slice(0, CARD_LINES);
  const toggle = (record: T, checked: boolean) => {
    if (!selection) return;
    const key = record[rowKey] as Key;
    const keys = checked
      ? [...selection.selectedRowKeys, key]
      : selection.selectedRowKeys.filter((k) => k !== key);
    selection.onChange(
      keys,
      rows.filter((r) => keys.includes(r[rowKey] as Key)),
    );
  };
  return (
    <div className="list-cards" data-testid="list-cards">
      {rows.length === 0 && !loading && empty}
      {rows.map((record) => {
        const key = record[rowKey] as Key;
        return (
          <Card
            key={String(key)}
            size="small"
            className="list-card"
            data-testid="list-card"
            title={
              <span className="list-card-title" data-column={keyColumn}>
                {selection && (
                  <Checkbox
                    checked={selection.selectedRowKeys.includes(key)}
                    disabled={selection.getCheckboxProps(record).disabled}
                    onChange={(e) => toggle(record, e.target.checked)}
                  />
                )}
                {title ? renderCell(title, record, ctx) : String(key)}
              </span>
            }
          >
            <dl className="list-card-lines">
              {lines.map((column) => (
                <div key={columnId(column)} className="list-card-line" data-column={columnId(column)}>
                  <dt>{ctx.t(column.label)}</dt>
                  <dd>{renderCell(column, record, ctx)}</dd>
                </div>
              ))}
            </dl>
            {actions && <div className="list-card-actions">{actions(record)}</div>}
          </Card>
        );
      })}
      <Pagination className="list-cards-pager" size="small" simple {...pagination} />
    </div>
  );
}
