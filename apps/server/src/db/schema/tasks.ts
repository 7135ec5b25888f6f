import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * The background job queue (platform/jobs): claimed with FOR UPDATE SKIP LOCKED by any worker process; a
 * job left `running` by a crashed process is claimed again once its lease (locked_at) has expired. Tenant
 * transactions may enqueue their own enterprise's jobs and read them, never change them (migration 0007).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The enterprise the job works for; null for platform jobs. */
    enterpriseUuid: text('enterprise_uuid'),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Claims so far, including the running one. */
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** When the running claim was taken or last renewed (its lease). */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    progress: jsonb('progress'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_enterprise_idx').on(t.enterpriseUuid, t.createdAt),
  ],
);

/**
 * One background task of an enterprise (platform/tasks): its kind, the page it belongs to, its status in
 * the spec's words, progress, the reason it failed or stopped, and its result file. Its work runs as jobs
 * (the current one is `job_id`); a retry queues a new job. Tenant transactions read and change their own
 * enterprise's tasks (cancel, withdraw, retry); the worker changes them through the platform connection.
 */
export const tasks = pgTable(
  'tasks',
  {
    /** A random UUID (an import's task has its import record's id). */
    id: text('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    kind: text('kind').notNull(),
    /** The menu code of the page the task belongs to: its codes open it. */
    page: text('page').notNull(),
    status: text('status', {
      enum: ['pending', 'underway', 'suspended', 'cancelled', 'withdrawn', 'completed', 'failed'],
    })
      .notNull()
      .default('pending'),
    /** The typed payload of its kind (defineTask's schema). */
    payload: jsonb('payload').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    phase: text('phase'),
    /** Where a resumed run continues (the kind's own shape). */
    checkpoint: jsonb('checkpoint'),
    /** Why it failed or was suspended: an error code of the catalogue. */
    reasonCode: text('reason_code'),
    resultKey: text('result_key'),
    resultName: text('result_name'),
    jobId: bigint('job_id', { mode: 'number' }),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('tasks_enterprise_page_idx').on(t.enterpriseUuid, t.page, t.createdAt)],
);

/** One bulk import of a resource (platform/imports): its file, progress and result counts. */
export const importRecords = pgTable(
  'import_records',
  {
    /** A random UUID. */
    id: text('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The uploaded workbook on the file storage. */
    storageKey: text('storage_key').notNull(),
    /** The importer's language: reasons in the error log are written in it. */
    lang: text('lang', { enum: ['zh', 'en'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    importNum: integer('import_num').notNull().default(0),
    /** Data rows handled so far; a resumed job continues after them. */
    processed: integer('processed').notNull().default(0),
    successNum: integer('success_num').notNull().default(0),
    defeatNum: integer('defeat_num').notNull().default(0),
    existNum: integer('exist_num').notNull().default(0),
    errorLogKey: text('error_log_key'),
    errorCode: text('error_code'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_records_enterprise_idx').on(t.enterpriseUuid, t.kind, t.createdAt)],
);

/** The refused rows of an import, written with each chunk so that a resumed import keeps them. */
export const importRowErrors = pgTable(
  'import_row_errors',
  {
    importId: text('import_id').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    /** The row's number in the worksheet (1 = the first row of the sheet). */
    rowNumber: integer('row_number').notNull(),
    /** The row's cells as text, in the importer's column order. */
    cells: jsonb('cells').$type<string[]>().notNull(),
    /** Why it was refused, in the import's language. */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    /** 'invalid' (defeatNum) or 'exists' (existNum). */
    outcome: text('outcome', { enum: ['invalid', 'exists'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber], name: 'import_row_errors_pk' })],
);
