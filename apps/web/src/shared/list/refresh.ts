/**
 * Refresh flags of list pages (spec 2.5: a list refreshes itself when re-activated if a flag is set, on the
 * page or with a stored page number). Another page sets the flag (a form that created a row), the list
 * takes it the next time it is shown.
 */
const flags = new Map<string, { pageNo?: number }>();

export function requestListRefresh(listName: string, options: { pageNo?: number } = {}): void {
  flags.set(listName, options);
}

/** The pending flag of a list, cleared as it is read; null when none is set. */
export function takeListRefresh(listName: string): { pageNo?: number } | null {
  const flag = flags.get(listName);
  flags.delete(listName);
  return flag ?? null;
}
