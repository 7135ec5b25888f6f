import { useEffect, useEffectEvent, useMemo, useRef, useState, type Key } from 'react';
import { Card, Table, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type TEndpoint, type TListResponse } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { CACHE_FLAG, hasCacheFlag } from '../cacheFlag';
import { scrollToTop } from '../scrollToTop';
import { buildColumns, totalWidth } from './columns';
import { patchListParams, readListRequest, searchDefaults, type TRequestValues } from './listState';
import { takeListRefresh } from './refresh';
import { SearchPanel } from './SearchPanel';
import { EmptyList } from './EmptyList';
import type { TListItem, TRenderContext, TResource } from './types';
import { useResourceActions } from './useResourceActions';
import './list.css';

/** Above this page size the table renders only the rows in view (1,000 rows per page stay smooth). */
const VIRTUAL_FROM_PAGE_SIZE = 100;
const VIRTUAL_TABLE_HEIGHT = 640;
/** Width per inline row action button in the action column. */
const ACTION_BUTTON_WIDTH = 64;
/** How often a list with changing rows (see TResource.live) asks again while one is shown. */
const LIVE_REFRESH_MS = 2_000;

/**
 * The shared list page (spec 2.5) driven by a declaration: state in the URL (route params and query),
 * silent failures (an empty table, no message), the spec's pager sizes, a smooth scroll to the top on
 * paging, refresh on re-activation, permission-gated toolbar and row actions, batch selection, column
 * filters, and virtual rows for large pages.
 */
export function ResourceList<E extends TEndpoint>({ resource }: { resource: TResource<E> }) {
  type TRow = TListItem<E>;
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const paramsText = JSON.stringify(useParams());
  const [searchParams, setSearchParams] = useSearchParams();
  const request = useMemo(
    () => readListRequest(resource, searchParams, JSON.parse(paramsText) as Record<string, string>),
    [resource, searchParams, paramsText],
  );
  const state = request as TRequestValues & { pageNo: number; pageSize: number };
  const defaults = useMemo(() => searchDefaults(resource.search), [resource.search]);
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
    const next = patchListParams(searchParams, patch, defaults);
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
  const inlineActions = Math.min(4, actions.rowActionCount);
  const columns = buildColumns<TRow>({
    columns: resource.columns,
    state,
    ctx,
    onFilter: (prop, values) => update({ [prop]: values, pageNo: 1 }),
    actions: actions.hasRowActions ? (record) => actions.renderRowActions(record) : undefined,
    actionWidth: inlineActions * ACTION_BUTTON_WIDTH + 24,
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
      </div>
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
        locale={{
          emptyText: query.isFetching ? (
            ' '
          ) : (
            <EmptyList filtered={filtered} starters={filtered ? null : actions.renderStarters()} />
          ),
        }}
        rowSelection={
          actions.hasBatch
            ? {
                selectedRowKeys: selectedKeys,
                onChange: (keys, rows) => {
                  setSelectedKeys(keys);
                  setSelectedRows(rows);
                },
                getCheckboxProps: (record) => ({
                  disabled: resource.selectable ? !resource.selectable(record) : false,
                }),
              }
            : undefined
        }
        pagination={{
          current: state.pageNo,
          pageSize: state.pageSize,
          total: data.total,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: LIMITS.pageSizeOptions.map(String),
          showTotal: (total) => t('common.list.total', { total }),
          onChange: (pageNo, pageSize) => {
            update({ pageNo: pageSize === state.pageSize ? pageNo : 1, pageSize });
            scrollToTop();
          },
        }}
      />
      {actions.dialogElement}
    </Card>
  );
}
