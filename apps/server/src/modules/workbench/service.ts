import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import {
  DASHBOARD_IMPORT_DAYS,
  DASHBOARD_MONTHS,
  DOCUMENT_TYPES,
  IMPORT_KINDS,
  importKindPage,
  importRecordCodes,
  type TCheckCounts,
  type TDashboard,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { documents, importRecords, ledgerEvents, messages } from '../../db/schema.ts';
import { latestCompletedTask } from '../checking/public.ts';
import type { TenantContext } from '../../platform/context.ts';
import { rowsOf } from '../../platform/ledger/nodes.ts';
import { visibleRows } from '../../platform/list-query.ts';

/*
 * The workbench dashboard (contract workbench.ts). Each panel is computed only for a member holding a code
 * of the pages it counts, with the same data permission as those pages (visibleRows), in the caller's
 * tenant transaction: six grouped reads at most, whatever the enterprise's size (each an index range).
 */

const DAY_MS = 86_400_000;

/** The last DASHBOARD_MONTHS months, 'YYYY-MM' in UTC, oldest first, and the first one's start. */
export function dashboardMonths(now: Date): { months: string[]; from: Date } {
  const months: string[] = [];
  for (let i = DASHBOARD_MONTHS - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DASHBOARD_MONTHS - 1), 1));
  return { months, from };
}

const monthOf = (column: unknown) =>
  sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

/** Counts keyed by month, as a series over `months`. */
function series(months: readonly string[], rows: readonly { month: string; n: number }[]): number[] {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.month, (by.get(r.month) ?? 0) + Number(r.n));
  return months.map((m) => by.get(m) ?? 0);
}

async function documentPanel(tx: Db, tenant: TenantContext, months: string[], from: Date) {
  const readable = DOCUMENT_TYPES.filter((d) => tenant.permissions.has(d.code));
  if (readable.length === 0) return null;
  const byType = new Map(readable.map((d) => [d.typeCode, d]));
  const rows = await tx
    .select({ type: documents.docType, month: monthOf(documents.bizTime), n: sql<number>`count(*)::int` })
    .from(documents)
    .where(
      and(
        visibleRows(documents, tenant),
        inArray(documents.docType, [...byType.keys()]),
        gte(documents.bizTime, from),
      ),
    )
    .groupBy(documents.docType, sql`2`);
  const stages = [...new Set(readable.map((d) => d.stage))].sort((a, b) => a - b);
  return {
    stages: stages.map((stage) => {
      const inStage = rows.filter((r) => byType.get(r.type)?.stage === stage);
      const pages = readable
        .filter((d) => d.stage === stage)
        .map((d) => ({
          code: d.code,
          total: inStage.filter((r) => r.type === d.typeCode).reduce((sum, r) => sum + Number(r.n), 0),
        }))
        .sort((a, b) => b.total - a.total);
      return { stage, counts: series(months, inStage), pages };
    }),
  };
}

async function ledgerPanel(tx: Db, tenant: TenantContext, months: string[], from: Date) {
  // The enterprise's evidence as a whole: for members who see the company's records, not only their own.
  if (!tenant.permissions.has('ChainRecords') || tenant.dataScope === 'account') return null;
  const rows = rowsOf<{ month: string; sealed: number; pending: number; anchored: number }>(
    await tx.execute(sql`
      select to_char(date_trunc('month', le.created_at at time zone 'UTC'), 'YYYY-MM') as month,
             count(*) filter (where le.block_height is not null)::int as sealed,
             count(*) filter (where le.block_height is null)::int as pending,
             count(*) filter (where exists (select 1 from ledger_anchors a where a.height = le.block_height))::int as anchored
      from ${ledgerEvents} le
      where le.enterprise_uuid = ${tenant.enterpriseUuid} and le.created_at >= ${from.toISOString()}
      group by 1`),
  );
  const sealed = series(
    months,
    rows.map((r) => ({ month: r.month, n: r.sealed })),
  );
  const pending = series(
    months,
    rows.map((r) => ({ month: r.month, n: r.pending })),
  );
  return {
    sealed,
    pending,
    anchored: rows.reduce((sum, r) => sum + Number(r.anchored), 0),
    totalSealed: sealed.reduce((a, b) => a + b, 0),
    totalPending: pending.reduce((a, b) => a + b, 0),
  };
}

async function importPanel(tx: Db, tenant: TenantContext, now: Date) {
  const kinds = IMPORT_KINDS.filter((k) =>
    importRecordCodes(importKindPage(k)!).some((c) => tenant.permissions.has(c)),
  );
  if (kinds.length === 0) return null;
  const rows = await tx
    .select({
      kind: importRecords.kind,
      status: importRecords.status,
      n: sql<number>`count(*)::int`,
      refused: sql<number>`coalesce(sum(${importRecords.defeatNum}), 0)::int`,
    })
    .from(importRecords)
    .where(
      and(
        eq(importRecords.enterpriseUuid, tenant.enterpriseUuid),
        inArray(importRecords.kind, kinds),
        gte(importRecords.createdAt, new Date(now.getTime() - DASHBOARD_IMPORT_DAYS * DAY_MS)),
        tenant.dataScope === 'account' ? eq(importRecords.createdBy, tenant.userId) : undefined,
      ),
    )
    .groupBy(importRecords.kind, importRecords.status);
  const pages = new Map<
    string,
    { code: string; completed: number; failed: number; running: number; refusedRows: number }
  >();
  for (const r of rows) {
    const code = importKindPage(r.kind)!;
    const p = pages.get(code) ?? { code, completed: 0, failed: 0, running: 0, refusedRows: 0 };
    if (r.status === 'completed') {
      p.completed += Number(r.n);
      p.refusedRows += Number(r.refused);
    } else if (r.status === 'failed') p.failed += Number(r.n);
    else p.running += Number(r.n);
    pages.set(code, p);
  }
  return { pages: [...pages.values()].sort((a, b) => b.completed + b.failed - (a.completed + a.failed)) };
}

async function findingPanel(tx: Db, tenant: TenantContext) {
  if (!tenant.permissions.has('CheckLog')) return null;
  const row = await latestCompletedTask(tx, tenant);
  if (!row?.counts) return { latest: null };
  const c = row.counts;
  const counts: TCheckCounts = {
    fatal: c['fatal'] ?? 0,
    urgent: c['urgent'] ?? 0,
    minor: c['minor'] ?? 0,
    unknown: c['unknown'] ?? 0,
    pass: c['pass'] ?? 0,
    fixed: c['fixed'] ?? 0,
  };
  return { latest: { taskId: row.id, finishedAt: row.finishedAt?.getTime() ?? null, counts } };
}

async function messagePanel(tx: Db, tenant: TenantContext) {
  const rows = await tx
    .select({ type: messages.type, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.enterpriseUuid, tenant.enterpriseUuid),
        eq(messages.recipientId, tenant.userId),
        isNull(messages.readAt),
      ),
    )
    .groupBy(messages.type);
  const byType = rows
    .map((r) => ({ type: r.type, count: Number(r.count) }))
    .sort((a, b) => b.count - a.count);
  return { unread: byType.reduce((sum, r) => sum + r.count, 0), byType };
}

export async function dashboard(tx: Db, tenant: TenantContext, now = new Date()): Promise<TDashboard> {
  const { months, from } = dashboardMonths(now);
  return {
    months,
    documents: await documentPanel(tx, tenant, months, from),
    ledger: await ledgerPanel(tx, tenant, months, from),
    imports: await importPanel(tx, tenant, now),
    findings: await findingPanel(tx, tenant),
    messages: await messagePanel(tx, tenant),
  };
}
