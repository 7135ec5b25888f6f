import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Project codes (spec 3 "Project code: code, notes, created time"); a code is unique in its enterprise. */
export const projectCodes = pgTable(
  'project_codes',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    code: text('code').notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('project_codes_enterprise_code_uq').on(t.enterpriseUuid, t.code),
    index('project_codes_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id),
  ],
);
