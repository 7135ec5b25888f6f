import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchIndex } from './columns.ts';

/**
 * Material code mappings (spec 3 "Supplier material association"): a supplier's material number mapped to
 * the enterprise's own material (direction 'supplier', materialRelation pages), or a client's material
 * number mapped to the enterprise's own product or material (direction 'client', custommaterialRelation).
 * The own side is linked on the link page; until then material_id / product_id are null.
 */
export const materialRelations = pgTable(
  'material_relations',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    direction: text('direction', { enum: ['supplier', 'client'] }).notNull(),
    partnerId: integer('partner_id'),
    partnerCode: text('partner_code').notNull(),
    partnerName: text('partner_name').notNull(),
    partnerMaterialNo: text('partner_material_no').notNull(),
    partnerMaterialName: text('partner_material_name').notNull().default(''),
    materialId: integer('material_id'),
    productId: integer('product_id'),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('material_relations_uq').on(
      t.enterpriseUuid,
      t.direction,
      t.partnerCode,
      t.partnerMaterialNo,
    ),
    index('material_relations_material_idx').on(t.enterpriseUuid, t.materialId),
    index('material_relations_partner_idx').on(t.enterpriseUuid, t.partnerId),
    // The list's order (newest first) within a direction, with its tie-break.
    index('material_relations_enterprise_created_idx').on(t.enterpriseUuid, t.direction, t.createdAt, t.id),
    searchIndex(
      'material_relations_search_idx',
      t.partnerCode,
      t.partnerName,
      t.partnerMaterialNo,
      t.partnerMaterialName,
    ),
  ],
);
