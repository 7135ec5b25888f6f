import { LIMITS, type TEndpoint, type TInput } from '@tracehub/contract';
import type { TResource, TSearchDefault, TSearchField } from './types';

const PAGING_KEYS = ['pageNo', 'pageSize', 'sortField', 'sortOrder'] as const;
const MAX_REPAIRS = 10;

export type TRequestValues = Record<string, unknown>;

/** The request keys a search field fills. */
export function requestKeysOf(field: TSearchField): readonly string[] {
  switch (field.type) {
    case 'daterange':
    case 'datetimerange':
    case 'monthrange':
      return field.props;
    case 'combination':
      return field.items.map((item) => item.prop);
    default:
      return [field.prop];
  }
}

/** Keys whose value is a list: multi-selects, comma-separated text and multi-value column filters. */
function listKeys(resource: TResource<TEndpoint>): Set<string> {
  const keys = new Set<string>();
  for (const field of resource.search) {
    if ((field.type === 'select' || field.type === 'text') && field.multiple) keys.add(field.prop);
  }
  for (const column of resource.columns) if (column.filter?.multiple) keys.add(column.filter.prop);
  return keys;
}

/** Request keys with a default value, and the defaults. */
export function searchDefaults(fields: readonly TSearchField[]): Map<string, TSearchDefault> {
  const out = new Map<string, TSearchDefault>();
  for (const field of fields) {
    if ('defaultValue' in field && field.defaultValue !== undefined) out.set(field.prop, field.defaultValue);
  }
  return out;
}

/** Every key a list's URL may carry: paging, declared search fields and column filters. */
export function declaredKeys(resource: TResource<TEndpoint>): Set<string> {
  return new Set<string>([
    ...PAGING_KEYS,
    ...resource.search.flatMap(requestKeysOf),
    ...resource.columns.flatMap((c) => (c.filter ? [c.filter.prop] : [])),
    ...(resource.routeParams ?? []),
  ]);
}

/**
 * The query-string key of a request key: a list's own keys (page, sort, search, filters) carry its
 * `stateKey` when it has one (`findings.pageNo`: several lists on one page); the keys that scope it to a
 * record (`routeParams`: a task id) are the page's, shared by its lists, never prefixed.
 */
export function urlKeyOf(resource: TResource<TEndpoint>, key: string): string {
  return resource.stateKey && !(resource.routeParams ?? []).includes(key)
    ? `${resource.stateKey}.${key}`
    : key;
}

/** List state keyed as the query string keys it (see urlKeyOf). */
export function toUrlKeys<V>(resource: TResource<TEndpoint>, values: ReadonlyMap<string, V>): Map<string, V>;
export function toUrlKeys(resource: TResource<TEndpoint>, values: TRequestValues): TRequestValues;
export function toUrlKeys<V>(
  resource: TResource<TEndpoint>,
  values: ReadonlyMap<string, V> | TRequestValues,
): Map<string, V> | TRequestValues {
  if (values instanceof Map) return new Map([...values].map(([k, v]) => [urlKeyOf(resource, k), v]));
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [urlKeyOf(resource, k), v]));
}

/**
 * Reads the list state (page, size, sort, search fields, column filters) from the route params and the
 * query with the endpoint's own request schema and its defaults (spec 2.5: only declared fields are
 * used). A field with a default takes it when the URL does not mention the field; `key=` means "none".
 * The keys that scope the list to a record (`routeParams`) come from the route's params or, on a page whose
 * address carries them in its query (`detail?taskId=`), from the query. `fixed` are values the page gives
 * (a parent's ids it took apart from its address): sent as they are. A value the schema refuses is dropped
 * rather than failing the whole list, so a hand-edited link opens.
 */
export function readListRequest<E extends TEndpoint>(
  resource: TResource<E>,
  params: URLSearchParams,
  routeParams: Readonly<Record<string, string | undefined>> = {},
  fixed: TRequestValues = {},
): TInput<E> {
  const generic = resource as unknown as TResource<TEndpoint>;
  const allowed = declaredKeys(generic);
  const lists = listKeys(generic);
  const raw: Record<string, unknown> = Object.fromEntries(searchDefaults(resource.search));
  for (const key of allowed) {
    const urlKey = urlKeyOf(generic, key);
    if (!params.has(urlKey)) continue;
    const values = params.getAll(urlKey).filter((v) => v !== '');
    if (values.length === 0) delete raw[key];
    else raw[key] = lists.has(key) ? values : values[0];
  }
  for (const [key, value] of Object.entries(routeParams)) {
    if (allowed.has(key) && value) raw[key] = lists.has(key) ? [value] : value;
  }
  Object.assign(raw, fixed);
  for (let attempt = 0; attempt < MAX_REPAIRS; attempt++) {
    const result = resource.endpoint.input.safeParse(raw);
    if (result.success) return result.data as TInput<E>;
    const offending = result.error.issues
      .map((issue) => String(issue.path[0] ?? ''))
      .filter((k) => k in raw && !(k in fixed));
    if (offending.length === 0) break;
    for (const key of offending) delete raw[key];
  }
  return resource.endpoint.input.parse(fixed) as TInput<E>;
}

/**
 * Applies changed list state to the query string, keeping everything else as it is. `undefined` removes a
 * key (its default applies again); an empty value of a field that has a default is written as `key=`, so
 * the default does not come back. Paging defaults and values equal to their default are left out.
 */
export function patchListParams(
  current: URLSearchParams,
  patch: TRequestValues,
  defaults: ReadonlyMap<string, TSearchDefault> = new Map(),
): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    params.delete(key);
    if (value === undefined) continue;
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (empty) {
      if (defaults.has(key)) params.set(key, '');
      continue;
    }
    // Paging keys, also as a prefixed list's (`findings.pageNo`).
    const own = key.slice(key.lastIndexOf('.') + 1);
    if (own === 'pageNo' && value === 1) continue;
    if (own === 'pageSize' && value === LIMITS.defaultPageSize) continue;
    if (defaults.get(key) === value) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  return params;
}

/** List state as a fresh query string (see patchListParams). */
export function writeListRequest(
  request: TRequestValues,
  defaults: ReadonlyMap<string, TSearchDefault> = new Map(),
): URLSearchParams {
  return patchListParams(new URLSearchParams(), request, defaults);
}

/** Same filter values regardless of order (the filter popover confirms only a different choice). */
export function sameSelection(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a.map(String));
  return b.every((v) => set.has(String(v)));
}
