import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Evidence-package export tasks (modules/evidence-task, contract evidence-task.ts): one per task of the
 * task kit (same id), with the conditions it was created with, the scope they name and, once written, the
 * package on the file storage. `conditions_key` (SHA-256 of the canonical scope, type and withheld fields)
 * is unique among the enterprise's live tasks: a task is never created twice (spec 4 and 8).
 */
export const evidenceTasks = pgTable(
  'evidence_tasks',
  {
    /** The task kit's task id. */
    id: text('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    mainTaskId: text('main_task_id').notNull(),
    taskType: integer('task_type').notNull(),
    source: text('source', { enum: ['single', 'list', 'upload'] }).notNull(),
    /** The creation request (contract ZEvidenceConditions), as given. */
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull(),
    /** The package scope (contract ZPackageScope) the conditions name. */
    scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
    conditionsKey: text('conditions_key').notNull(),
    /** False once cancelled, withdrawn or failed: another task of the same conditions may then be created. */
    live: boolean('live').notNull().default(true),
    packageKey: text('package_key'),
    packageSize: bigint('package_size', { mode: 'number' }),
    packageSha256: text('package_sha256'),
    counts: jsonb('counts').$type<{ records: number; attachments: number; blocks: number }>(),
    lastDownloadAt: timestamp('last_download_at', { withTimezone: true }),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('evidence_tasks_enterprise_idx').on(t.enterpriseUuid, t.createdAt),
    uniqueIndex('evidence_tasks_live_conditions_uq')
      .on(t.enterpriseUuid, t.conditionsKey)
      .where(sql`${t.live}`),
  ],
);

/** The records of a written package (its main evidence items), numbered as its records/<seq>.json. */
export const evidenceTaskItems = pgTable(
  'evidence_task_items',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    taskId: text('task_id').notNull(),
    seq: integer('seq').notNull(),
    tier: integer('tier').notNull(),
    direction: text('direction', { enum: ['start', 'down', 'up'] }).notNull(),
    own: boolean('own').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    subjectType: text('subject_type').notNull(),
    label: text('label').notNull(),
    ownerUuid: text('owner_uuid').notNull(),
    leafIndex: integer('leaf_index').notNull(),
    leafHash: text('leaf_hash').notNull(),
    blockHeight: integer('block_height').notNull(),
    opened: boolean('opened').notNull(),
    withheld: jsonb('withheld').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.seq], name: 'evidence_task_items_pk' })],
);

/**
 * A VIN list read by /task/importExcel, kept for an hour: its VINs (uniqueKey) or its refused rows
 * (the F1016 error log), in the uploader's language.
 */
export const evidenceUploads = pgTable(
  'evidence_uploads',
  {
    key: text('key').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    createdBy: integer('created_by').notNull(),
    projectNumber: text('project_number'),
    vins: jsonb('vins').$type<string[]>().notNull(),
    /** Refused rows: row number, the cell, why. */
    errors: jsonb('errors').$type<{ row: number; vin: string; reason: string }[]>().notNull(),
    lang: text('lang', { enum: ['zh', 'en'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('evidence_uploads_enterprise_idx').on(t.enterpriseUuid, t.createdAt)],
);
