import { LIMITS, type TEndpoint, type TInput } from '@tracehub/contract';
import type { TListResource, TSearchField } from './types';

const PAGING_KEYS = ['pageNo', 'pageSize', 'sortField', 'sortOrder'] as const;
const MAX_REPAIRS = 10;

/** The request keys a search field fills. */
export function requestKeysOf(field: TSearchField): readonly string[] {
  return field.type === 'datetimerange' ? field.props : [field.prop];
}

/**
 * Reads the list state (page, size, sort, search fields) from the URL with the endpoint's own request schema
 * and its defaults (spec 2.5: only fields the search declares are used). A value the schema refuses is
 * dropped rather than failing the whole list, so a hand-edited link still opens.
 */
export function readListRequest<E extends TEndpoint>(
  resource: TListResource<E>,
  params: URLSearchParams,
): TInput<E> {
  const allowed = new Set<string>([...PAGING_KEYS, ...resource.search.flatMap(requestKeysOf)]);
  const multiple = new Set(
    resource.search.filter((f) => f.type === 'select' && f.multiple).map((f) => f.prop),
  );
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    if (!allowed.has(key)) continue;
    const values = params.getAll(key);
    raw[key] = multiple.has(key) ? values : values[0];
  }
  for (let attempt = 0; attempt < MAX_REPAIRS; attempt++) {
    const result = resource.endpoint.input.safeParse(raw);
    if (result.success) return result.data as TInput<E>;
    const offending = result.error.issues.map((issue) => String(issue.path[0] ?? '')).filter((k) => k in raw);
    if (offending.length === 0) break;
    for (const key of offending) delete raw[key];
  }
  return resource.endpoint.input.parse({}) as TInput<E>;
}

/** Writes list state back as a query string, leaving out defaults and empty values. */
export function writeListRequest(request: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'pageNo' && value === 1) continue;
    if (key === 'pageSize' && value === LIMITS.defaultPageSize) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  return params;
}
