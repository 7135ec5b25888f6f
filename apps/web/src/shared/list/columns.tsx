import type { HTMLAttributes, ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import { FilterFilled } from '@ant-design/icons';
import { LIMITS } from '@tracehub/contract';
import { EMPTY_TEXT, formatDate, formatDateTime, formatNumber, isBlank } from '../format';
import { DEFAULT_PRIORITY, headerMinWidth, type TColumnChoice, type TColumnMeta } from './columnSettings';
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

/** A cell's content: the column's own rendering or its formatted value, "--" when blank. */
export function renderCell<T>(column: TColumnDef<T>, record: T, ctx: TRenderContext): ReactNode {
  const value = (record as Record<string, unknown>)[column.key];
  const shown = column.render ? column.render(record, ctx) : formatted(column, value);
  return isBlank(shown) ? EMPTY_TEXT : shown;
}

const asValues = (value: unknown): (string | number)[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter(
    (v): v is string | number => typeof v === 'string' || typeof v === 'number',
  );

/** A column's own id: its key, or its id where several columns show parts of one field. */
export const columnId = <T,>(column: TColumnDef<T>): string => column.id ?? column.key;

/** The key column's id: the declared one, or the first column's. */
export const keyColumnOf = <T,>(columns: readonly TColumnDef<T>[], declared?: string): string | undefined =>
  declared ?? (columns[0] ? columnId(columns[0]) : undefined);

/** What the column settings need of each column. */
export const columnMetas = <T,>(columns: readonly TColumnDef<T>[], keyColumn?: string): TColumnMeta[] =>
  columns.map((c) => ({
    id: columnId(c),
    priority: c.priority ?? DEFAULT_PRIORITY,
    key: columnId(c) === keyColumn,
  }));

/** The shown columns in the chosen order (all, in declared order, without a choice). */
export function chosenColumns<T>(
  columns: readonly TColumnDef<T>[],
  choices: readonly TColumnChoice[] | null,
): TColumnDef<T>[] {
  if (!choices) return [...columns];
  const byId = new Map(columns.map((c) => [columnId(c), c]));
  return choices.flatMap((c) => (c.visible && byId.has(c.id) ? [byId.get(c.id)!] : []));
}

/** A column's width: the declared one (or the default), widened so that its header's name shows whole. */
export function columnWidth<T>(column: TColumnDef<T>, label: string): number {
  const declared = clampWidth(column.width ?? DEFAULT_COLUMN_WIDTH);
  const header = headerMinWidth(
    label,
    { sortable: column.sortable ?? false, filter: column.filter !== undefined },
    { min: LIMITS.columnMinWidth, max: LIMITS.columnMaxWidth },
  );
  return Math.max(declared, header);
}

/**
 * Table columns from declarations (spec 2.5): widths within 88-500 and never narrower than the header's
 * name, "--" for blank cells, sortable headers bound to the URL's sort, column filters through the filter
 * popover, the key column pinned left and the action column right.
 */
export function buildColumns<T>({
  columns,
  keyColumn,
  state,
  ctx,
  onFilter,
  actions,
  actionWidth,
}: {
  /** The shown columns in their order (chosenColumns). */
  columns: readonly TColumnDef<T>[];
  keyColumn?: string;
  state: TRequestValues;
  ctx: TRenderContext;
  onFilter: (prop: string, values: (string | number)[]) => void;
  actions?: (record: T) => ReactNode;
  actionWidth: number;
}): TableColumnsType<T> {
  const built: TableColumnsType<T> = columns.map((column) => {
    const filter = column.filter;
    const confirmed = filter ? asValues(state[filter.prop]) : [];
    const id = columnId(column);
    const label = ctx.t(column.label);
    return {
      key: id,
      dataIndex: column.key,
      title: label,
      width: columnWidth(column, label),
      minWidth: LIMITS.columnMinWidth,
      ...(id === keyColumn ? { fixed: 'left' as const } : {}),
      onHeaderCell: () => ({ 'data-column': id }) as HTMLAttributes<HTMLElement>,
      onCell: () => ({ 'data-column': id }) as HTMLAttributes<HTMLElement>,
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
      render: (_: unknown, record: T) => renderCell(column, record, ctx),
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
      onHeaderCell: () => ({ 'data-column': ACTION_COLUMN_KEY }) as HTMLAttributes<HTMLElement>,
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
