import { and, desc, eq, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { EXPORT_MAX_ROWS } from '../../platform/imports/export.ts';
import type { Db } from '../../db/client.ts';
import { bulkInsert } from '../../platform/bulk-insert.ts';
import {
  checkingFindings,
  checkingPasses,
  checkingTasks,
  checkingVinMaps,
  enterprises,
  ledgerBlocks,
  partners,
  tasks,
} from '../../db/schema.ts';
import type { TenantScope } from '../../platform/list-query.ts';
import { roleTypes, rowsOf } from './checks/sql.ts';
import type { ScopeTables } from './scope.ts';

/* The troubleshooting tables (db/schema/checking.ts); the scope a run checks is scope.ts's. */

/** Serialises task creation per enterprise (the "running task" rule holds under concurrent calls). */
export async function lockEnterpriseTasks(tx: Db, enterpriseUuid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checking:${enterpriseUuid}`}))`);
}

/** A troubleshooting task of the enterprise that has not come to rest. */
export async function runningTask(tx: Db, enterpriseUuid: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.enterpriseUuid, enterpriseUuid),
        eq(tasks.kind, 'troubleshooting'),
        inArray(tasks.status, ['pending', 'underway', 'suspended']),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export type CheckingTaskRow = typeof checkingTasks.$inferSelect;
export type FindingRow = typeof checkingFindings.$inferSelect;
export type NewFinding = typeof checkingFindings.$inferInsert;

export const insertCheckingTask = (tx: Db, row: typeof checkingTasks.$inferInsert) =>
  tx.insert(checkingTasks).values(row);

export async function checkingTaskRow(tx: Db, enterpriseUuid: string, id: string) {
  const [row] = await tx
    .select()
    .from(checkingTasks)
    .where(and(eq(checkingTasks.enterpriseUuid, enterpriseUuid), eq(checkingTasks.id, id)))
    .limit(1);
  return row ?? null;
}

export async function checkingTaskRows(tx: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(checkingTasks)
    .where(inArray(checkingTasks.id, [...ids]));
}

/** The newest ledger block's height (null before the first seal). */
export async function latestBlockHeight(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ height: sql<number | null>`max(${ledgerBlocks.height})` })
    .from(ledgerBlocks);
  return row?.height ?? null;
}

/**
 * The enterprise's last completed run of the same type before `task`: the run its findings are compared
 * with (a linked run sees only its suppliers' share of the data, so it is compared with linked runs).
 */
export async function previousRun(
  tx: Db,
  enterpriseUuid: string,
  task: CheckingTaskRow,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: checkingTasks.id })
    .from(checkingTasks)
    .where(
      and(
        eq(checkingTasks.enterpriseUuid, enterpriseUuid),
        ne(checkingTasks.id, task.id),
        eq(checkingTasks.taskType, task.taskType),
        isNotNull(checkingTasks.counts),
        lt(checkingTasks.createdAt, task.createdAt),
      ),
    )
    .orderBy(desc(checkingTasks.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The failing (or unknown) findings of a run, by identity. */
export async function openFindings(tx: Db, taskId: string): Promise<Map<string, FindingRow>> {
  const rows = await tx
    .select()
    .from(checkingFindings)
    .where(and(eq(checkingFindings.taskId, taskId), inArray(checkingFindings.outcome, ['fail', 'unknown'])));
  return new Map(rows.map((r) => [r.identity, r]));
}

/** A run's findings, however many: one JSON parameter a statement (platform/bulk-insert.ts). */
export async function insertFindings(tx: Db, rows: readonly NewFinding[]): Promise<void> {
  await bulkInsert(tx, checkingFindings, rows);
}

export async function insertPasses(
  tx: Db,
  rows: readonly { enterpriseUuid: string; taskId: string; checkId: string; passes: number }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(checkingPasses).values([...rows]);
}

export async function finishCheckingTask(
  tx: Db,
  id: string,
  values: Pick<CheckingTaskRow, 'counts' | 'vinAmount' | 'completeVinAmount' | 'maxLevel' | 'blockHeight'>,
): Promise<void> {
  await tx.update(checkingTasks).set(values).where(eq(checkingTasks.id, id));
}

/** Forgets a run's results (before a retry runs it again). */
export async function clearResults(tx: Db, id: string): Promise<void> {
  await tx.delete(checkingFindings).where(eq(checkingFindings.taskId, id));
  await tx.delete(checkingPasses).where(eq(checkingPasses.taskId, id));
  await tx.delete(checkingVinMaps).where(eq(checkingVinMaps.taskId, id));
  await tx
    .update(checkingTasks)
    .set({ counts: null, vinAmount: 0, completeVinAmount: 0, maxLevel: null })
    .where(eq(checkingTasks.id, id));
}

export const findingsWhere = (
  enterpriseUuid: string,
  f: {
    taskId: string;
    level?: string | undefined;
    outcome?: string | undefined;
    /** Any of these outcomes (daily monitoring's abnormal records: fail and unknown). */
    outcomes?: readonly FindingRow['outcome'][] | undefined;
    companyUuid?: string | undefined;
    checkId?: string | undefined;
  },
): SQL[] => [
  eq(checkingFindings.enterpriseUuid, enterpriseUuid),
  eq(checkingFindings.taskId, f.taskId),
  ...(f.level ? [eq(checkingFindings.level, f.level as FindingRow['level'])] : []),
  ...(f.outcome ? [eq(checkingFindings.outcome, f.outcome as FindingRow['outcome'])] : []),
  ...(f.outcomes ? [inArray(checkingFindings.outcome, [...f.outcomes])] : []),
  ...(f.companyUuid ? [eq(checkingFindings.companyUuid, f.companyUuid)] : []),
  ...(f.checkId ? [eq(checkingFindings.checkId, f.checkId)] : []),
];

/** Per check of a run: the subjects that passed, failed and were unknown. */
export async function resultsByCheck(
  tx: Db,
  enterpriseUuid: string,
  taskId: string,
): Promise<Map<string, { passed: number; abnormal: number; unknown: number }>> {
  const passes = await tx
    .select({ checkId: checkingPasses.checkId, passes: checkingPasses.passes })
    .from(checkingPasses)
    .where(and(eq(checkingPasses.enterpriseUuid, enterpriseUuid), eq(checkingPasses.taskId, taskId)));
  const failing = await tx
    .select({
      checkId: checkingFindings.checkId,
      outcome: checkingFindings.outcome,
      n: sql<number>`count(*)::int`,
    })
    .from(checkingFindings)
    .where(and(eq(checkingFindings.enterpriseUuid, enterpriseUuid), eq(checkingFindings.taskId, taskId)))
    .groupBy(checkingFindings.checkId, checkingFindings.outcome);
  const out = new Map(passes.map((p) => [p.checkId, { passed: p.passes, abnormal: 0, unknown: 0 }]));
  for (const f of failing) {
    const r = out.get(f.checkId) ?? { passed: 0, abnormal: 0, unknown: 0 };
    if (f.outcome === 'fail') r.abnormal += f.n;
    else if (f.outcome === 'unknown') r.unknown += f.n;
    out.set(f.checkId, r);
  }
  return out;
}

/** Most severe first, then in the order found. */
export const findingsOrder = [
  sql`case ${checkingFindings.level} when 'fatal' then 0 when 'urgent' then 1 else 2 end`,
  sql`case ${checkingFindings.outcome} when 'fail' then 0 when 'unknown' then 1 else 2 end`,
  checkingFindings.id,
];

export async function findingsPage(
  tx: Db,
  where: SQL[],
  page: { pageNo: number; pageSize: number },
): Promise<{ list: FindingRow[]; total: number }> {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(checkingFindings)
    .where(and(...where));
  const list = await tx
    .select()
    .from(checkingFindings)
    .where(and(...where))
    .orderBy(...findingsOrder)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { list, total: count?.n ?? 0 };
}

export async function allFindings(tx: Db, where: SQL[]): Promise<FindingRow[]> {
  return (
    tx
      .select()
      .from(checkingFindings)
      .where(and(...where))
      .orderBy(...findingsOrder)
      // The cap of every list export (most severe first), so that one export's workbook stays small.
      .limit(EXPORT_MAX_ROWS)
  );
}

/** The enterprise's supplier partners of `ids` (a linked task's compared companies). */
export async function supplierPartners(tx: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: partners.id, code: partners.code, name: partners.name, nameEn: partners.nameEn })
    .from(partners)
    .where(and(inArray(partners.id, [...ids]), eq(partners.partnerType, 'supplier')));
}

/** The enterprise's own row: its name and kind. */
export async function ownEnterprise(tx: Db, enterpriseUuid: string) {
  const [row] = await tx
    .select({
      name: enterprises.name,
      nameEn: enterprises.englishName,
      role: enterprises.role,
      businessAttribute: enterprises.businessAttribute,
    })
    .from(enterprises)
    .where(eq(enterprises.uuid, enterpriseUuid))
    .limit(1);
  return row ?? null;
}

// ---- VIN map check ---------------------------------------------------------------------------------

/** The VINs of the run's scope tables (scope.ts), in order. */
export async function scopeVins(tx: Db, tables: ScopeTables): Promise<string[]> {
  const rows = await rowsOf<{ vin: string }>(tx, sql`select vin from ${tables.vins} order by vin`);
  return rows.map((r) => r.vin);
}

/** The enterprise's first production completion of each VIN/SN that has one. */
export async function vinProductions(
  tx: Db,
  enterpriseUuid: string,
  vins: readonly string[],
): Promise<Map<string, { typeCode: number; billNo: string; bizTime: number; itemCode: string }>> {
  if (vins.length === 0) return new Map();
  const rows = await rowsOf<{
    vin: string;
    typeCode: number;
    billNo: string;
    bizTime: string;
    itemCode: string;
  }>(
    tx,
    sql`select distinct on (d.vin_sn) d.vin_sn as vin, d.doc_type as "typeCode", d.bill_no as "billNo",
          d.item_code as "itemCode",
          (extract(epoch from d.biz_time) * 1000)::float8 as "bizTime"
        from documents d
        where d.enterprise_uuid = ${enterpriseUuid} and d.vin_sn = any(${sql.param([...vins])}::text[])
          and d.doc_type = any(${roleTypes('produce')})
        order by d.vin_sn, d.biz_time, d.id`,
  );
  return new Map(
    rows.map((r) => [
      r.vin,
      { typeCode: Number(r.typeCode), billNo: r.billNo, bizTime: Number(r.bizTime), itemCode: r.itemCode },
    ]),
  );
}

export type VinMapRow = typeof checkingVinMaps.$inferSelect;

export async function insertVinMaps(tx: Db, rows: readonly VinMapRow[]): Promise<void> {
  await bulkInsert(tx, checkingVinMaps, rows);
}

export async function vinMapPage(
  tx: Db,
  enterpriseUuid: string,
  f: { taskId: string; complete?: boolean | undefined; vin?: string | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<{ list: VinMapRow[]; total: number }> {
  const where = and(
    eq(checkingVinMaps.enterpriseUuid, enterpriseUuid),
    eq(checkingVinMaps.taskId, f.taskId),
    f.complete === undefined ? undefined : eq(checkingVinMaps.complete, f.complete),
    f.vin ? sql`${checkingVinMaps.vin} ilike ${`%${f.vin.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(checkingVinMaps)
    .where(where);
  const list = await tx
    .select()
    .from(checkingVinMaps)
    .where(where)
    .orderBy(checkingVinMaps.complete, checkingVinMaps.vin)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return { list, total: count?.n ?? 0 };
}

export async function vinMapRow(
  tx: Db,
  enterpriseUuid: string,
  taskId: string,
  vin: string,
): Promise<VinMapRow | null> {
  const [row] = await tx
    .select()
    .from(checkingVinMaps)
    .where(
      and(
        eq(checkingVinMaps.enterpriseUuid, enterpriseUuid),
        eq(checkingVinMaps.taskId, taskId),
        eq(checkingVinMaps.vin, vin),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The enterprise's newest completed troubleshooting task (within the member's data permission: with the
 * 'account' scope only its own), with its counts and finish time; null without one. Read by the workbench's
 * findings panel and the supply-chain network's findings per company.
 */
export async function latestCompletedTask(
  db: Db,
  tenant: TenantScope,
): Promise<{ id: string; counts: Record<string, number> | null; finishedAt: Date | null } | null> {
  const [row] = await db
    .select({ id: checkingTasks.id, counts: checkingTasks.counts, finishedAt: tasks.finishedAt })
    .from(checkingTasks)
    .innerJoin(tasks, eq(tasks.id, checkingTasks.id))
    .where(
      and(
        eq(checkingTasks.enterpriseUuid, tenant.enterpriseUuid),
        eq(tasks.status, 'completed'),
        tenant.dataScope === 'account' ? eq(tasks.createdBy, tenant.userId) : undefined,
      ),
    )
    .orderBy(desc(tasks.finishedAt))
    .limit(1);
  return row ?? null;
}
