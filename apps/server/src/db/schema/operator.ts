import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const idRules = pgTable('id_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The English name and notes shown in en (null: the Chinese ones, as typed). */
  nameEn: text('name_en'),
  codeType: text('code_type', { enum: ['product', 'batch', 'vin', 'package'] }).notNull(),
  elements: jsonb('elements')
    .$type<{ element: string; length: number; kind: 'default' | 'additional'; value?: string }[]>()
    .notNull(),
  notes: text('notes'),
  notesEn: text('notes_en'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
});

export const codeRules = pgTable('code_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The English name and notes shown in en (null: the Chinese ones, as typed). */
  nameEn: text('name_en'),
  prefix: text('prefix').notNull(),
  dateFormat: text('date_format', { enum: ['none', 'YYYYMMDD', 'YYMMDD', 'YYYYMM'] }).notNull(),
  serialLength: integer('serial_length').notNull(),
  notes: text('notes'),
  notesEn: text('notes_en'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
});

/** Which enterprises use which ID or code rule ("in use" vs "unused"). */
export const enterpriseRules = pgTable(
  'enterprise_rules',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    kind: text('kind', { enum: ['id', 'code'] }).notNull(),
    ruleId: integer('rule_id').notNull(),
  },
  (t) => [uniqueIndex('enterprise_rules_uq').on(t.enterpriseUuid, t.kind)],
);
