import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ERRORS,
  FILE_TYPES,
  importKindPage,
  isAllowedFile,
  neutraliseFileName,
  validationMessage,
  type TImportRecord,
  type TLang,
} from '@tracehub/contract';
import type { AppDeps, TenantContext } from '../context.ts';
import { sha256Hex } from '../crypto.ts';
import { violatedUnique } from '../db-errors.ts';
import { AppError } from '../errors.ts';
import { storageKeyOf } from '../storage.ts';
import {
  TaskFailed,
  TaskInterrupted,
  defineTask,
  type TaskContext,
  type TaskResult,
  type TaskRow,
} from '../tasks/kit.ts';
import { collectIfGrown, garbageMark } from '../garbage.ts';
import { withTenant } from '../tenancy.ts';
import { importerOf, encodeKey, type ImportContext, type Importer, type PreparedRow } from './importer.ts';
import { isWritable, type PlannedRow } from './plan.ts';
import {
  importRecordRow,
  insertImportRecord,
  recordRowOutcomes,
  refusedRows,
  updateImportRecord,
  type RowOutcomes,
} from './records.ts';
import { readSheetOffThread } from './sheet-thread.ts';
import { writeWorkbook } from './workbook-write.ts';

/**
 * The import pipeline (ARCHITECTURE 2 "Background work", spec 2.4 "Bulk import"): the upload is checked,
 * stored and queued with its import record; the job reads the sheet, validates every row with the resource's
 * contract schema, and writes the valid new rows in chunks, each chunk one tenant transaction holding its
 * rows, their evidence, the refused rows and the record's counts, so a crash or restart resumes after the
 * last chunk. A row is written entirely or not at all; the refused ones make the error log.
 */

/**
 * Rows per transaction: large enough for few round trips (a chunk costs about ten), small enough to keep a
 * transaction short. PGlite has a single connection that every other request waits for while a chunk is
 * written, so its chunks are a fifth as long (tens of milliseconds), and the API keeps answering during an
 * import. Evidence signed once per slice (leaf v3) made a row cheap enough for 100 where 25 were the limit.
 */
export const importChunkRows = (dbKind: AppDeps['dbKind']): number => (dbKind === 'pglite' ? 100 : 500);
/**
 * Rows per insertRows call within a chunk's transaction: one evidence batch and one signature each, and
 * back to the event loop in between, so a long chunk does not hold the loop for its whole preparation.
 */
const INSERT_SLICE_ROWS = 250;

/** The import, and the importer's client address (the audit trail records it with the rows written). */
const ZImportTask = z.object({ importId: z.string(), ip: z.string().nullable().optional() });
type ImportTask = z.infer<typeof ZImportTask>;
type Tenant = Pick<TenantContext, 'enterpriseUuid' | 'userId' | 'ip'>;

/** Why an import that ended otherwise than completed failed, for its record: the task's reason. */
const importOutcome = (task: TaskRow): Parameters<typeof updateImportRecord>[3] =>
  task.status === 'completed'
    ? { status: 'completed', errorLogKey: task.resultKey, finishedAt: task.finishedAt }
    : {
        status: 'failed',
        errorCode: task.reasonCode ?? ERRORS.TASK_GAVE_UP.code,
        finishedAt: task.finishedAt,
      };

/**
 * An import is a task of its resource's page (platform/tasks); its task has the import record's id, and
 * the record (counts, refused rows, error log) follows the task's status in the same transaction.
 */
const importTask = defineTask({
  kind: 'import',
  payload: ZImportTask,
  // The job itself kept failing or killing its process (not the file): the record says so, in the
  // catalogue's words in both languages, instead of staying "running".
  gaveUpReason: 'IMPORT_GAVE_UP',
  run: runImport,
  async onSettled(tx, task) {
    const tenant = { enterpriseUuid: task.enterpriseUuid };
    await updateImportRecord(tx, tenant, task.id, importOutcome(task));
  },
  async onRetry(tx, task) {
    await updateImportRecord(tx, { enterpriseUuid: task.enterpriseUuid }, task.id, {
      status: 'queued',
      errorCode: null,
      errorLogKey: null,
      finishedAt: null,
    });
  },
});

/**
 * Starts an import: the file must be xlsx or xls by extension and by its leading bytes (spec 5), it is
 * stored under a new key with its SHA-256, and the import record and its job are created in one tenant
 * transaction. Answers the record (queued).
 */
export async function startImport(
  deps: AppDeps,
  tenant: Tenant,
  importer: Pick<Importer<unknown>, 'kind'>,
  upload: { fileName: string; content: Buffer },
  lang: TLang,
): Promise<TImportRecord> {
  const fileName = neutraliseFileName(upload.fileName);
  if (!isAllowedFile(fileName, upload.content, FILE_TYPES.import)) {
    throw new AppError('FILE_TYPE_INVALID', { types: FILE_TYPES.import.join('/') });
  }
  const storageKey = storageKeyOf(randomBytes(16).toString('hex'));
  await deps.storage.put(storageKey, upload.content);
  try {
    return await withTenant(deps.db, tenant, async (tx) => {
      const record = await insertImportRecord(tx, {
        id: randomUUID(),
        enterpriseUuid: tenant.enterpriseUuid,
        kind: importer.kind,
        fileName,
        fileHash: sha256Hex(upload.content),
        fileSize: upload.content.length,
        storageKey,
        lang,
        createdBy: tenant.userId,
      });
      await importTask.create(tx, tenant, {
        id: record.id,
        page: importKindPage(importer.kind)!,
        payload: { importId: record.id, ip: tenant.ip ?? null },
      });
      return record;
    });
  } catch (err) {
    // Content without its record could never be read or cleaned up.
    await deps.storage.remove(storageKey);
    throw err;
  }
}

async function runImport(ctx: TaskContext<ImportTask>): Promise<{ result?: TaskResult } | void> {
  const { deps, payload: job } = ctx;
  const tenant: Tenant = { ...ctx.tenant, ip: job.ip ?? null };
  const record = await withTenant(deps.db, tenant, async (tx) => {
    const row = await importRecordRow(tx, tenant, job.importId);
    if (row?.status === 'queued') await updateImportRecord(tx, tenant, row.id, { status: 'running' });
    return row;
  });
  if (!record || record.status === 'completed' || record.status === 'failed') return;
  const importer = importerOf(record.kind);
  if (!importer) throw new Error(`no importer of kind ${record.kind}`);
  const content = await deps.storage.get(record.storageKey);
  if (!content) throw new Error(`the workbook of import ${record.id} is missing from the storage`);

  // Read and validated in a worker thread, within memory and time limits: the API keeps answering.
  await ctx.progress({ done: record.processed, total: record.importNum, phase: 'reading' });
  const sheet = await readSheetOffThread(content, importer.kind, record.lang);
  if ('failure' in sheet) throw new TaskFailed(sheet.failure);
  const planned = sheet.rows;
  const total = planned.length;
  if (record.importNum !== total) {
    await withTenant(deps.db, tenant, (tx) =>
      updateImportRecord(tx, tenant, record.id, { importNum: total }),
    );
  }
  // A resumed import starts after the rows its earlier run committed.
  const chunkRows = importChunkRows(deps.dbKind);
  // On the embedded database the process's resident set also holds PostgreSQL's, and an import's garbage
  // took it past 500 MB; with PostgreSQL elsewhere the heap's growth is harmless, and the collections' pauses
  // doubled the p99 of the requests served meanwhile (docs/performance.md, eleventh pass).
  const garbage = deps.dbKind === 'pglite' ? garbageMark() : null;
  // Written chunks are let go (the rows left are taken from the front), so that the heap does not hold the
  // whole sheet until the last chunk.
  planned.splice(0, record.processed);
  for (let start = record.processed; start < total; start += chunkRows) {
    if (ctx.stopping()) throw new TaskInterrupted();
    const chunk = planned.splice(0, chunkRows);
    await writeChunk(deps, tenant, job.importId, importer, chunk, start, record.lang, ctx);
    // The checkpoint is the record's `processed`, written with the chunk; this also notices a cancel.
    await ctx.progress({ done: start + chunk.length, total, phase: 'writing' });
    if (garbage) collectIfGrown(garbage);
    // Back to the event loop between chunks: PGlite answers in promise callbacks, so without this the next
    // chunk would start before the server even reads the requests that arrived meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return completeImport(deps, tenant, job.importId, importer, record.lang);
}

/**
 * Writes rows in one tenant transaction: the new ones with their evidence (rows already stored are existing
 * data), the refused ones for the error log, the counts and the checkpoint `processed`.
 */
async function writeRows(
  deps: AppDeps,
  tenant: Tenant,
  importId: string,
  importer: Importer<unknown>,
  rows: readonly PlannedRow[],
  processed: number,
  lang: TLang,
): Promise<void> {
  await withTenant(deps.db, tenant, async (tx) => {
    const ctx: ImportContext = { db: tx, tenant, keys: deps, importId, mailer: deps.mailer, lang };
    const candidates = rows.filter(isWritable);
    const existing = new Set(
      (candidates.length
        ? await importer.existingKeys(
            ctx,
            candidates.map((c) => c.key),
          )
        : []
      ).map(encodeKey),
    );
    const fresh = candidates.filter((c) => !existing.has(encodeKey(c.key)));
    // References to stored data (codes of other records) are checked in the same transaction as the write.
    const prepared: readonly PreparedRow<unknown>[] =
      fresh.length && importer.prepareRows
        ? await importer.prepareRows(
            ctx,
            fresh.map((c) => c.row),
          )
        : fresh.map((c) => ({ row: c.row }));
    const unprepared = new Map<number, string[]>();
    const writable: unknown[] = [];
    fresh.forEach((c, i) => {
      const p = prepared[i];
      if (p && 'row' in p) writable.push(p.row);
      else unprepared.set(c.rowNumber, p?.reasons ?? [validationMessage('v.import.notSaved', lang)]);
    });
    for (let i = 0; i < writable.length; i += INSERT_SLICE_ROWS) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      await importer.insertRows(ctx, writable.slice(i, i + INSERT_SLICE_ROWS));
    }
    const existsReason = validationMessage('v.import.exists', lang);
    const refused: RowOutcomes['refused'] = rows.flatMap((r) => {
      if (!isWritable(r))
        return [{ rowNumber: r.rowNumber, cells: r.cells, outcome: r.refused, reasons: r.reasons }];
      if (existing.has(encodeKey(r.key)))
        return [
          { rowNumber: r.rowNumber, cells: r.cells, outcome: 'exists' as const, reasons: [existsReason] },
        ];
      const reasons = unprepared.get(r.rowNumber);
      return reasons
        ? [{ rowNumber: r.rowNumber, cells: r.cells, outcome: 'invalid' as const, reasons }]
        : [];
    });
    await recordRowOutcomes(tx, tenant, importId, { processed, success: writable.length, refused });
  });
}

/**
 * One chunk; when its transaction fails (a row the database refuses, a record another import wrote just
 * before), its rows are written one by one instead, so the failing row fails alone and the others keep
 * their results. A row that cannot be written even alone is refused: as existing data when a unique key
 * refused it, otherwise as not saved.
 */
async function writeChunk(
  deps: AppDeps,
  tenant: Tenant,
  importId: string,
  importer: Importer<unknown>,
  chunk: readonly PlannedRow[],
  start: number,
  lang: TLang,
  ctx: Pick<TaskContext<unknown>, 'log'>,
): Promise<void> {
  try {
    await writeRows(deps, tenant, importId, importer, chunk, start + chunk.length, lang);
    return;
  } catch (err) {
    ctx.log.error({ err, importId, start }, 'import chunk failed; writing its rows one by one');
  }
  for (const [i, planned] of chunk.entries()) {
    try {
      await writeRows(deps, tenant, importId, importer, [planned], start + i + 1, lang);
    } catch (err) {
      const exists = violatedUnique(err) !== null;
      const reasons =
        'reasons' in planned
          ? planned.reasons
          : [validationMessage(exists ? 'v.import.exists' : 'v.import.notSaved', lang)];
      const refused = { rowNumber: planned.rowNumber, cells: planned.cells, reasons };
      await withTenant(deps.db, tenant, (tx) =>
        recordRowOutcomes(tx, tenant, importId, {
          processed: start + i + 1,
          success: 0,
          refused: [{ ...refused, outcome: exists ? 'exists' : 'invalid' }],
        }),
      );
    }
  }
}

const ERROR_LOG_LABELS = {
  row: { zh: '行号', en: 'Row' },
  reasons: { zh: '失败原因', en: 'Reasons' },
  fileName: { zh: '错误日志', en: 'error log' },
} as const;

/**
 * The error log: each refused row with its number, its cells and the reasons, in the import's language;
 * it is the task's result file (the kit stores it, and the record takes its key when the task completes).
 */
async function completeImport(
  deps: AppDeps,
  tenant: Tenant,
  importId: string,
  importer: Importer<unknown>,
  lang: TLang,
): Promise<{ result?: TaskResult }> {
  const refused = await withTenant(deps.db, tenant, (tx) => refusedRows(tx, tenant, importId));
  if (refused.length === 0) return {};
  const content = await writeWorkbook(
    importer.title[lang],
    [ERROR_LOG_LABELS.row[lang], ...importer.columns.map((c) => c[lang]), ERROR_LOG_LABELS.reasons[lang]],
    refused.map((r) => [r.rowNumber, ...r.cells, r.reasons.join(lang === 'zh' ? '；' : '; ')]),
  );
  return { result: { fileName: errorLogFileName(importer, lang), content } };
}

/** The error log's file name in a language. */
export const errorLogFileName = (importer: Pick<Importer<unknown>, 'title'>, lang: TLang) =>
  `${importer.title[lang]} ${ERROR_LOG_LABELS.fileName[lang]}.xlsx`;
