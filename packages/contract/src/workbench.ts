import { z } from 'zod';
import { ZCheckCounts } from './checking.ts';
import { endpoint } from './endpoint.ts';

/*
 * The workbench dashboard (spec 2.2 /workbench; issue 18 item 3): what a member checks each morning, each
 * panel only for members holding the codes of the pages it summarises (null otherwise), each figure within
 * the member's data permission, and each chart clicking through to the page it counts.
 */

/** Months a monthly chart shows, the current one last. */
export const DASHBOARD_MONTHS = 12;
/** Days the imports panel looks back. */
export const DASHBOARD_IMPORT_DAYS = 30;

export const ZDashboard = z.object({
  /** The months of the monthly series, 'YYYY-MM' (UTC), oldest first. */
  months: z.array(z.string()),
  /** Documents per stage and month: only the document pages the member may read. */
  documents: z
    .object({
      stages: z.array(
        z.object({
          stage: z.number().int(),
          /** Counts per month, as `months`. */
          counts: z.array(z.number().int()),
          /** The stage's readable document pages (menu codes) with their counts over the months. */
          pages: z.array(z.object({ code: z.string(), total: z.number().int() })),
        }),
      ),
    })
    .nullable(),
  /** The enterprise's evidence records per month: sealed into a block, or still pending (ChainRecords). */
  ledger: z
    .object({
      sealed: z.array(z.number().int()),
      pending: z.array(z.number().int()),
      /** Sealed records whose block is anchored on the EVM chain. */
      anchored: z.number().int(),
      totalSealed: z.number().int(),
      totalPending: z.number().int(),
    })
    .nullable(),
  /** Imports of the last DASHBOARD_IMPORT_DAYS days, per page whose upload records the member may read. */
  imports: z
    .object({
      pages: z.array(
        z.object({
          /** The page the import belongs to (its upload records are `<route>/uploadOperation`). */
          code: z.string(),
          completed: z.number().int(),
          failed: z.number().int(),
          running: z.number().int(),
          /** Rows refused in the completed imports. */
          refusedRows: z.number().int(),
        }),
      ),
    })
    .nullable(),
  /** The newest completed troubleshooting task's findings by level (CheckLog); `latest` null without one. */
  findings: z
    .object({
      latest: z
        .object({ taskId: z.string(), finishedAt: z.number().int().nullable(), counts: ZCheckCounts })
        .nullable(),
    })
    .nullable(),
  /** The member's unread messages, by type. */
  messages: z.object({
    unread: z.number().int(),
    byType: z.array(z.object({ type: z.string(), count: z.number().int() })),
  }),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const workbenchEndpoints = {
  dashboard: endpoint({
    method: 'POST',
    path: '/workbench/dashboard',
    input: z.object({}),
    output: ZDashboard,
    auth: 'enterprise',
    permission: 'Workbench',
    tag: 'workbench',
    summary:
      "The workbench dashboard: documents per stage and month, evidence sealed and anchored, imports and their failures, the newest troubleshooting findings by level and unread messages; each panel only with the codes of the pages it counts (null otherwise), within the member's data permission",
  }),
};
