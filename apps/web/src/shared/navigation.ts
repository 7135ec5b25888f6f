import type { NavigateFunction } from 'react-router';

// Lets non-React code (the API client, session actions) navigate inside the single-page app. Until the
// router is mounted it falls back to a full page load.
let navigateFn: NavigateFunction | null = null;

export function bindNavigate(fn: NavigateFunction | null): void {
  navigateFn = fn;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigateFn) void navigateFn(path, options);
  else window.location.assign(path);
}

/** Path and query of a named navigation target, without blank values. */
function withQuery(path: string, query: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const STAGE_FILE_ERROR_LOG_PATH = '/stage/fileErrorLog';
export const PURCHASE_RETURN_PATH = '/stagePurchase/return';

/**
 * The purchase returns of one received line: by the query form (materialsCode, returnBillNo, vinSn or
 * batchNo) or the params form (the receipt's billNo, materialsCode, batchNo); the list maps both.
 */
export type TPurchaseReturnTarget =
  | { query: { materialsCode: string; returnBillNo: string; vinSn?: string; batchNo?: string } }
  | { params: { billNo: string; materialsCode: string; batchNo?: string } };

/**
 * Named navigation targets (spec 2.2 "Other named navigation targets"): the path a page opens another by,
 * with the query the target reads.
 */
export const NAMED_TARGETS = {
  /** Failed attachment transfers: bizType a document type's code ('110'), billType its stage (10-80). */
  StageFileErrorLog: (query: { bizType?: string | number; billType?: number } = {}) =>
    withQuery(STAGE_FILE_ERROR_LOG_PATH, query),
  PurchaseReturn: (target: TPurchaseReturnTarget) =>
    withQuery(PURCHASE_RETURN_PATH, 'query' in target ? target.query : target.params),
};
