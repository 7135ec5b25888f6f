import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchIndex } from './columns.ts';

/**
 * Materials (spec 3 "Material"): purchased materials (materialData) and homemade semi-finished products
 * (materialDataIn), told apart by `nature`.
 */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    nature: text('nature', { enum: ['purchased', 'homemade'] }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    /** Whether the material is a traced object (its origin is followed upstream). */
    tracingObject: boolean('tracing_object').notNull().default(false),
    /** kg, at most 9 integer digits and 4 decimals (spec 5). */
    weight: numeric('weight', { precision: 13, scale: 4 }),
    unit: text('unit').notNull().default(''),
    description: text('description').notNull().default(''),
    supplierMaterialCode: text('supplier_material_code').notNull().default(''),
    batchNo: text('batch_no').notNull().default(''),
    receiptNo: text('receipt_no').notNull().default(''),
    receiptTime: timestamp('receipt_time', { withTimezone: true }),
    /** The quality inspection report (files table key), with its name and SHA-256. */
    qualityFileKey: text('quality_file_key'),
    qualityFileName: text('quality_file_name'),
    qualityFileHash: text('quality_file_hash'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('materials_enterprise_nature_code_batch_uq').on(
      t.enterpriseUuid,
      t.nature,
      t.code,
      t.batchNo,
    ),
    // The list's order (newest first) with its tie-break: the rows of one import share their created time.
    index('materials_enterprise_created_idx').on(t.enterpriseUuid, t.nature, t.createdAt, t.id),
    searchIndex(
      'materials_search_idx',
      t.code,
      t.name,
      t.nameEn,
      t.batchNo,
      t.supplierMaterialCode,
      t.receiptNo,
    ),
  ],
);
