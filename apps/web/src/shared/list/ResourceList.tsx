import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { Card, Table, type TableColumnsType, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type TEndpoint, type TListResponse } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { hasCacheFlag } from '../cacheFlag';
import { EMPTY_TEXT, formatDateTime, isBlank } from '../format';
import { scrollToTop } from '../scrollToTop';
import { readListRequest, writeListRequest } from './listState';
import { SearchPanel } from './SearchPanel';
import type { TListItem, TListResource, TRenderContext } from './types';
import './list.css';

const DEFAULT_COLUMN_WIDTH = 160;
const clampWidth = (width: number) => Math.min(LIMITS.columnMaxWidth, Math.max(LIMITS.columnMinWidth, width));

/**
 * The shared list page (spec 2.5) driven by a declaration: state in the URL, silent failures (an empty
 * table, no message), the spec's pager sizes and a smooth scroll to the top on paging.
 */
export function ResourceList<E extends TEndpoint>({ resource }: { resource: TListResource<E> }) {
  type TRow = TListItem<E>;
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const request = useMemo(() => readListRequest(resource, searchParams), [resource, searchParams]);
  const state = request as Record<string, unknown> & { pageNo: number; pageSize: number };

  const query = useQuery({
    queryKey: resource.queryKey(request),
    queryFn: async ({ signal }) => {
      try {
        return (await call(resource.endpoint, request, { silent: true, signal })) as TListResponse<TRow>;
      } catch {
        return { list: [], total: 0 } satisfies TListResponse<TRow>;
      }
    },
    placeholderData: keepPreviousData,
  });

  // Re-activated without the tab cache flag (e.g. from the sidebar): show fresh rows.
  const activatedBefore = useRef(false);
  const onActivate = useEffectEvent(() => {
    if (activatedBefore.current && !hasCacheFlag(location.search)) void query.refetch();
    activatedBefore.current = true;
  });
  useEffect(() => onActivate(), []);

  const update = (patch: Record<string, unknown>) => {
    setSearchParams(writeListRequest({ ...state, ...patch }), { replace: true });
  };

  const ctx: TRenderContext = { lang, t };
  const sortField = state.sortField;
  const sortOrder = state.sortOrder;
  const columns: TableColumnsType<TRow> = [
    ...resource.columns.map((column) => ({
      key: column.key,
      dataIndex: column.key,
      title: t(column.label),
      width: clampWidth(column.width ?? DEFAULT_COLUMN_WIDTH),
      minWidth: LIMITS.columnMinWidth,
      ellipsis: true,
      sorter: column.sortable,
      sortOrder:
        column.sortable && sortField === column.key
          ? sortOrder === 'asc'
            ? ('ascend' as const)
            : ('descend' as const)
          : null,
      render: (value: unknown, record: TRow) => {
        const shown = column.render
          ? column.render(record, ctx)
          : column.format === 'datetime'
            ? formatDateTime(typeof value === 'number' ? value : null)
            : (value as string | number | null | undefined);
        return isBlank(shown) ? EMPTY_TEXT : shown;
      },
    })),
    ...(resource.actions
      ? [
          {
            key: '__actions',
            title: t('common.list.operations'),
            width: clampWidth(120),
            fixed: 'right' as const,
            render: (_: unknown, record: TRow) => resource.actions?.(record, ctx),
          },
        ]
      : []),
  ];

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
  return (
    <Card className="th-card resource-list" data-testid={`list-${resource.name}`}>
      {resource.search.length > 0 && (
        <SearchPanel
          routeName={resource.name}
          fields={resource.search}
          values={state}
          onSearch={(values) => update({ ...values, pageNo: 1 })}
          onReset={(keys) => update({ ...Object.fromEntries(keys.map((k) => [k, undefined])), pageNo: 1 })}
        />
      )}
      <Table<TRow>
        rowKey={resource.rowKey}
        columns={columns}
        dataSource={data.list}
        loading={query.isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        size="middle"
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
    </Card>
  );
}
