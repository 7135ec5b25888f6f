import { and, asc, eq, sql } from 'drizzle-orm';
import type { TImportKind, TImportRecord, TListRequestBase, TListResponse } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { importRecords, importRowErrors, users } from '../../db/schema.ts';
import type { TenantContext } from '../context.ts';
import { creatorJoin, filters, runListQuery } from '../list-query.ts';

// The import records and their refused rows. Every function takes a tenant transaction and scopes by the
// enterprise itself; row-level security is the second wall.

export type ImportRecordRow = typeof importRecords.$inferSelect;
type Tenant = Pick<TenantContext, 'enterpriseUuid'>;

const recordColumns = {
  id: importRecords.id,
  kind: importRecords.kind,
  fileName: importRecords.fileName,
  fileHash: importRecords.fileHash,
  status: importRecords.status,
  importNum: importRecords.importNum,
  processed: importRecords.processed,
  successNum: importRecords.successNum,
  defeatNum: importRecords.defeatNum,
  existNum: importRecords.existNum,
  errorLogKey: importRecords.errorLogKey,
  errorCode: importRecords.errorCode,
  operator: users.username,
  createdAt: importRecords.createdAt,
  finishedAt: importRecords.finishedAt,
};
type RecordView = Omit<
  ImportRecordRow,
  'enterpriseUuid' | 'fileSize' | 'storageKey' | 'lang' | 'createdBy'
> & {
  operator: string;
};

export function toImportRecord(row: RecordView): TImportRecord {
  return {
    id: row.id,
    kind: row.kind as TImportKind,
    fileName: row.fileName,
    fileHash: row.fileHash,
    status: row.status,
    importNum: row.importNum,
    processed: row.processed,
    successNum: row.successNum,
    defeatNum: row.defeatNum,
    existNum: row.existNum,
    hasErrorLog: row.errorLogKey !== null,
    errorCode: row.errorCode,
    operator: row.operator,
    createdAt: row.createdAt.getTime(),
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}

export async function insertImportRecord(
  db: Db,
  values: typeof importRecords.$inferInsert,
): Promise<TImportRecord> {
  await db.insert(importRecords).values(values);
  return (await findImportRecord(db, { enterpriseUuid: values.enterpriseUuid }, values.id))!;
}

/** One of the enterprise's imports as the API shows it, or null. */
export async function findImportRecord(db: Db, tenant: Tenant, id: string): Promise<TImportRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(importRecords)
    .innerJoin(users, eq(users.id, importRecords.createdBy))
    .where(and(eq(importRecords.enterpriseUuid, tenant.enterpriseUuid), eq(importRecords.id, id)))
    .limit(1);
  return row ? toImportRecord(row) : null;
}

/** The stored row of one of the enterprise's imports (the job's and the error log's view). */
export async function importRecordRow(db: Db, tenant: Tenant, id: string): Promise<ImportRecordRow | null> {
  const [row] = await db
    .select()
    .from(importRecords)
    .where(and(eq(importRecords.enterpriseUuid, tenant.enterpriseUuid), eq(importRecords.id, id)))
    .limit(1);
  return row ?? null;
}

/** The enterprise's imports of one kind (upload-operation page) within the data permission, newest first. */
export async function pageImportRecords(
  db: Db,
  tenant: TenantContext,
  kind: TImportKind,
  req: TListRequestBase & {
    fileName?: string | undefined;
    status?: ImportRecordRow['status'] | undefined;
    createdFrom?: number | undefined;
    createdTo?: number | undefined;
  },
): Promise<TListResponse<TImportRecord>> {
  const { list, total } = await runListQuery(db, {
    table: importRecords,
    joins: [creatorJoin(importRecords.createdBy)],
    select: recordColumns,
    tenantColumn: importRecords.enterpriseUuid,
    // An 'own account data' member sees only its own imports, as its records (assertMayReadImport).
    ownerColumn: importRecords.createdBy,
    tenant,
    where: [
      eq(importRecords.kind, kind),
      filters.contains(importRecords.fileName, req.fileName),
      filters.eq(importRecords.status, req.status),
      filters.from(importRecords.createdAt, req.createdFrom),
      filters.to(importRecords.createdAt, req.createdTo),
    ],
    sortable: { createdAt: importRecords.createdAt, fileName: importRecords.fileName },
    defaultSort: { column: importRecords.createdAt, order: 'desc' },
    tieBreak: importRecords.id,
    page: req,
  });
  return { list: list.map(toImportRecord), total };
}

export async function updateImportRecord(
  db: Db,
  tenant: Tenant,
  id: string,
  changes: Partial<
    Pick<ImportRecordRow, 'status' | 'importNum' | 'errorCode' | 'errorLogKey' | 'finishedAt'>
  >,
): Promise<void> {
  await db
    .update(importRecords)
    .set(changes)
    .where(and(eq(importRecords.enterpriseUuid, tenant.enterpriseUuid), eq(importRecords.id, id)));
}

/** The outcome of some rows: counted, and the import's checkpoint moved to `processed`. */
export interface RowOutcomes {
  processed: number;
  success: number;
  refused: { rowNumber: number; cells: string[]; reasons: string[]; outcome: 'invalid' | 'exists' }[];
}

/** Stores rows' outcomes in the transaction that wrote them, so that a resumed import starts after them. */
export async function recordRowOutcomes(db: Db, tenant: Tenant, id: string, o: RowOutcomes): Promise<void> {
  if (o.refused.length > 0) {
    await db
      .insert(importRowErrors)
      .values(o.refused.map((r) => ({ importId: id, enterpriseUuid: tenant.enterpriseUuid, ...r })));
  }
  const count = (outcome: 'invalid' | 'exists') => o.refused.filter((r) => r.outcome === outcome).length;
  await db
    .update(importRecords)
    .set({
      processed: o.processed,
      successNum: sql`${importRecords.successNum} + ${o.success}`,
      defeatNum: sql`${importRecords.defeatNum} + ${count('invalid')}`,
      existNum: sql`${importRecords.existNum} + ${count('exists')}`,
    })
    .where(and(eq(importRecords.enterpriseUuid, tenant.enterpriseUuid), eq(importRecords.id, id)));
}

/** The refused rows of an import, in sheet order. */
export function refusedRows(db: Db, tenant: Tenant, id: string) {
  return db
    .select({
      rowNumber: importRowErrors.rowNumber,
      cells: importRowErrors.cells,
      reasons: importRowErrors.reasons,
    })
    .from(importRowErrors)
    .where(and(eq(importRowErrors.enterpriseUuid, tenant.enterpriseUuid), eq(importRowErrors.importId, id)))
    .orderBy(asc(importRowErrors.rowNumber));
}
