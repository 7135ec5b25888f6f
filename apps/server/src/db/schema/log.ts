import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** The account log ("system log"): sign-ins, sign-outs, switches and failures. */
export const accountLog = pgTable(
  'account_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    enterpriseUuid: text('enterprise_uuid'),
    action: text('action').notNull(),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('account_log_scope_idx').on(t.enterpriseUuid, t.userId, t.createdAt)],
);

/**
 * The audit trail ("data changes" of the system log): one row per inserted, updated or deleted business
 * row, written by the database itself (trigger tracehub_audit, migration 0017) in the same transaction as
 * the change, so every module's writes are recorded and a rolled-back write leaves no entry. `before` and
 * `after` hold the whole row for an insert or delete and only the changed fields for an update; secret
 * columns are never copied. Tenants may only read it (no insert, update or delete grant).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    tableName: text('table_name').notNull(),
    /** The row's key as text: its id, or its key columns joined with '/'. */
    recordId: text('record_id').notNull(),
    action: text('action', { enum: ['insert', 'update', 'delete'] }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The signed-in member; null for writes outside a tenant request (operator end, system jobs). */
    userId: integer('user_id'),
    ip: text('ip'),
    /** The authorising enterprise the member acted for (spec 1, 4); null while acting for its own. */
    onBehalfOf: text('on_behalf_of'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_scope_idx').on(t.enterpriseUuid, t.createdAt),
    index('audit_log_record_idx').on(t.enterpriseUuid, t.tableName, t.recordId),
    index('audit_log_user_idx').on(t.enterpriseUuid, t.userId, t.createdAt),
  ],
);
