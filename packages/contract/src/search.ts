import { z } from 'zod';
import { DOCUMENT_TYPES } from './document-types.ts';
import { endpoint } from './endpoint.ts';
import { DATA_MANAGEMENT_CODE } from './trace.ts';

/*
 * Find anything (issue 15, item 12): one box in the navbar that finds a document number, a batch, a VIN/SN,
 * a partner, a material, a product or a project code across the enterprise's data, and opens the list that
 * shows it (searched for it) or, for a project, its data drill-down. Only what the member's role may see is
 * searched: each hit's page is one the member holds, and the data scope (own rows) applies.
 */

export const SEARCH_LIMITS = {
  keywordMin: 2,
  keywordMax: 50,
  /** Hits per page at most; the list it opens shows the rest. */
  perPage: 5,
  /** Hits in all at most. */
  total: 30,
} as const;

export const SEARCH_KINDS = ['document', 'partner', 'material', 'product', 'project'] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

/** Which of the record's values the keyword was found in. */
export const SEARCH_MATCHES = ['billNo', 'batchNo', 'vinSn', 'code', 'name', 'usci'] as const;

export const ZSearchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The page the hit is shown on (its menu code: PurchaseReceipt, Partner, DataManagement ...). */
  page: z.string(),
  /** That page's route and the query that shows the record there. */
  route: z.string(),
  query: z.record(z.string(), z.string()),
  /** The record's own words: its number or code, and what else names it (a name, an item, a lot). */
  title: z.string(),
  detail: z.string(),
  matched: z.enum(SEARCH_MATCHES),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

/** The pages whose data the search reads: any one of them lets a member search (the hits are per page). */
export const SEARCHABLE_PAGES: readonly string[] = [
  'Partner',
  'Project',
  'Product',
  'MaterialData',
  'MaterialDataIn',
  DATA_MANAGEMENT_CODE,
  ...DOCUMENT_TYPES.map((d) => d.code),
];

export const searchEndpoints = {
  global: endpoint({
    method: 'POST',
    path: '/search/global',
    input: z.object({
      keyword: z.string().trim().min(SEARCH_LIMITS.keywordMin).max(SEARCH_LIMITS.keywordMax),
    }),
    output: z.object({ hits: z.array(ZSearchHit) }),
    auth: 'enterprise',
    permission: SEARCHABLE_PAGES,
    tag: 'search',
    summary:
      "Find a document number, batch, VIN/SN, partner, material, product or project code in the enterprise's data: at most 5 hits per page the member holds, 30 in all, newest first, each with the route and query of the list that shows it",
  }),
};
