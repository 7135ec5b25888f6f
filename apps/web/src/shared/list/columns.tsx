import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import { FilterFilled } from '@ant-design/icons';
import { LIMITS } from '@tracehub/contract';
import { EMPTY_TEXT, formatDate, formatDateTime, formatNumber, isBlank } from '../format';
import { FilterPopover } from './FilterPopover';
import type { TRequestValues } from './listState';
import type { TColumnDef, TRenderContext } from './types';

export const DEFAULT_COLUMN_WIDTH = 160;
export const ACTION_COLUMN_KEY = '__actions';

export const clampWidth = (width: number) =>
  Math.min(LIMITS.columnMaxWidth, Math.max(LIMITS.columnMinWidth, width));

function formatted<T>(column: TColumnDef<T>, value: unknown): ReactNode {
  switch (column.format) {
    case 'datetime':
      return typeof value === 'number' ? formatDateTime(value) : null;
    case 'date':
      return formatDate(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : null;
    default:
      return isBlank(value) || typeof value === 'object' ? null : String(value);
  }
}

const asValues = (value: unknown): (string | number)[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter(
    (v): v is string | number => typeof v === 'string' || typeof v === 'number',
  );

/**
 * Table columns from declarations (spec 2.5): widths within 88-500, "--" for blank cells, sortable
 * headers bound to the URL's sort, column filters through the filter popover, and the action column.
 */
export function buildColumns<T>({
  columns,
  state,
  ctx,
  onFilter,
  actions,
  actionWidth,
}: {
  columns: readonly TColumnDef<T>[];
  state: TRequestValues;
  ctx: TRenderContext;
  onFilter: (prop: string, values: (string | number)[]) => void;
  actions?: (record: T) => ReactNode;
  actionWidth: number;
}): TableColumnsType<T> {
  const built: TableColumnsType<T> = columns.map((column) => {
    const filter = column.filter;
    const confirmed = filter ? asValues(state[filter.prop]) : [];
    return {
      key: column.id ?? column.key,
      dataIndex: column.key,
      title: ctx.t(column.label),
      width: clampWidth(column.width ?? DEFAULT_COLUMN_WIDTH),
      minWidth: LIMITS.columnMinWidth,
      ellipsis: true,
      sorter: column.sortable,
      sortOrder:
        column.sortable && state.sortField === (column.id ?? column.key)
          ? state.sortOrder === 'asc'
            ? ('ascend' as const)
            : ('descend' as const)
          : null,
      ...(filter && {
        filteredValue: confirmed,
        filterIcon: <FilterFilled data-testid={`filter-${filter.prop}`} />,
        filterDropdown: ({ close, visible }) => (
          <FilterPopover
            key={String(visible)}
            filter={filter}
            confirmed={confirmed}
            onConfirm={(values) => {
              onFilter(filter.prop, values);
              close();
            }}
          />
        ),
      }),
      render: (value: unknown, record: T) => {
        const shown = column.render ? column.render(record, ctx) : formatted(column, value);
        return isBlank(shown) ? EMPTY_TEXT : shown;
      },
    };
  });
  if (!actions) return built;
  return [
    ...built,
    {
      key: ACTION_COLUMN_KEY,
      title: ctx.t('common.list.operations'),
      width: clampWidth(actionWidth),
      fixed: 'right' as const,
      render: (_: unknown, record: T) => actions(record) ?? EMPTY_TEXT,
    },
  ];
}

/** The table's total width, which a virtual (fixed-layout) table needs as a number. */
export function totalWidth<T>(columns: TableColumnsType<T>, selectable: boolean): number {
  const selection = selectable ? 48 : 0;
  return columns.reduce(
    (sum, c) => sum + (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH),
    selection,
  );
}
