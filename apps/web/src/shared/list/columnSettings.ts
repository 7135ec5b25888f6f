import type { TListPriority } from '@tracehub/contract';

/*
 * Which columns a list shows and in what order (issue 15, item 1), without React: the defaults a
 * declaration's priorities give, a member's own choice as stored, and the header widths that keep every
 * column's name whole.
 */

/** A column as the settings see it: its id, how much it matters, whether the row is known by it. */
export interface TColumnMeta {
  id: string;
  priority: TListPriority;
  /** The key column: pinned at the left, always shown, first. */
  key: boolean;
}

/** A member's choice for one list: the columns in their order, and those hidden. */
export interface TColumnSettings {
  order: string[];
  hidden: string[];
}

/** A column as the list shows it: in this order, shown or not. */
export interface TColumnChoice {
  id: string;
  visible: boolean;
}

/** Unmarked columns are shown by default. */
export const DEFAULT_PRIORITY: TListPriority = 2;

/**
 * The order and visibility a declaration gives: the key column first, then the columns by priority (the
 * ones that matter most leftmost, so that they are in view without scrolling), in declared order within
 * a priority; priority 3 hidden.
 */
export function defaultColumns(columns: readonly TColumnMeta[]): TColumnChoice[] {
  const ranked = columns
    .map((c, index) => ({ c, index }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.index - b.index);
  return ranked.map(({ c }) => ({ id: c.id, visible: c.key || c.priority < 3 }));
}

const rank = (c: TColumnMeta) => (c.key ? 0 : c.priority);

/**
 * The columns as a member chose them, over the defaults: the stored order for the columns it names, a
 * column the declaration added since placed where its default puts it (after its default predecessor),
 * columns no longer declared dropped; the key column stays first and shown whatever was stored.
 */
export function resolveColumns(
  columns: readonly TColumnMeta[],
  stored: TColumnSettings | null,
): TColumnChoice[] {
  const defaults = defaultColumns(columns);
  if (!stored) return defaults;
  const known = new Map(defaults.map((c) => [c.id, c]));
  const hidden = new Set(stored.hidden);
  const keyIds = new Set(columns.filter((c) => c.key).map((c) => c.id));
  const out: TColumnChoice[] = [];
  for (const id of stored.order) {
    if (!known.has(id) || out.some((c) => c.id === id)) continue;
    out.push({ id, visible: keyIds.has(id) || !hidden.has(id) });
  }
  defaults.forEach((column, index) => {
    if (out.some((c) => c.id === column.id)) return;
    const before = defaults[index - 1];
    const at = before ? out.findIndex((c) => c.id === before.id) + 1 : 0;
    out.splice(at, 0, column);
  });
  const keys = out.filter((c) => keyIds.has(c.id));
  return [...keys, ...out.filter((c) => !keyIds.has(c.id))];
}

/** The choice as stored: every column's id in order and the hidden ones. */
export const settingsOf = (choices: readonly TColumnChoice[]): TColumnSettings => ({
  order: choices.map((c) => c.id),
  hidden: choices.filter((c) => !c.visible).map((c) => c.id),
});

/** Moves a column one place up (-1) or down (1); the key column stays first. */
export function moveColumn(
  choices: readonly TColumnChoice[],
  id: string,
  by: -1 | 1,
  keyIds: ReadonlySet<string>,
): TColumnChoice[] {
  const from = choices.findIndex((c) => c.id === id);
  const to = from + by;
  if (from < 0 || keyIds.has(id) || to < 0 || to >= choices.length || keyIds.has(choices[to]!.id)) {
    return [...choices];
  }
  const next = [...choices];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Shows or hides a column; the key column is always shown. */
export const toggleColumn = (
  choices: readonly TColumnChoice[],
  id: string,
  visible: boolean,
  keyIds: ReadonlySet<string>,
): TColumnChoice[] => choices.map((c) => (c.id === id ? { ...c, visible: visible || keyIds.has(id) } : c));

/** Where a member's choice for a list is kept in the browser: per account, enterprise and list. */
export const columnStorageKey = (userId: number | string, enterprise: string, list: string): string =>
  `tracehub.columns.${userId}.${enterprise}.${list}`;

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A stored choice, or null when there is none or it is not one (an older or hand-edited value). */
export function parseColumnSettings(text: string | null): TColumnSettings | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { order, hidden } = value as Record<string, unknown>;
    return isStringArray(order) && isStringArray(hidden) ? { order, hidden } : null;
  } catch {
    return null;
  }
}

/** Roughly how wide a header's text is at the table's 14 px: CJK characters are square, others narrower. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch)) width += 14;
    else if (/[mwMW@]/.test(ch)) width += 12;
    else if (/[A-Z]/.test(ch)) width += 9.5;
    else width += 7.5;
  }
  return Math.ceil(width);
}

/** The cell's padding (8 px a side in the lists' middle-size table, and a little slack) and each icon's room. */
const HEADER_PADDING = 20;
const HEADER_ICON = 18;

/**
 * The narrowest a column may be and still show its whole name: the label's width, the padding and the
 * sort and filter icons; never below the declared width or the spec's minimum, never above its maximum.
 */
export function headerMinWidth(
  label: string,
  { sortable = false, filter = false }: { sortable?: boolean; filter?: boolean },
  bounds: { min: number; max: number },
): number {
  const icons = (sortable ? HEADER_ICON : 0) + (filter ? HEADER_ICON : 0);
  return Math.min(bounds.max, Math.max(bounds.min, textWidth(label) + HEADER_PADDING + icons));
}
