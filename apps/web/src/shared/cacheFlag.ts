/**
 * Query flag carried by tab links (spec 2.5 "Tab links carry a cache query flag"): a page reached through
 * its tab shows its kept-alive state instead of reloading. It is not part of a page's own state.
 */
export const CACHE_FLAG = '_cache';

export function withCacheFlag(fullPath: string): string {
  const [path = '', query = ''] = fullPath.split('?');
  const params = new URLSearchParams(query);
  params.set(CACHE_FLAG, '1');
  return `${path}?${params.toString()}`;
}

/** The search string without the flag ('' or '?a=b'). */
export function stripCacheFlag(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CACHE_FLAG);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function hasCacheFlag(search: string): boolean {
  return new URLSearchParams(search).has(CACHE_FLAG);
}
