import { index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchIndex } from './columns.ts';

/** Products (spec 3 "Product"): identity, project code and the materials traced into them. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** A random UUID: the product's DID is the enterprise DID with the path /products/<uuid>. */
    uuid: text('uuid').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    code: text('code').notNull(),
    batchNo: text('batch_no').notNull().default(''),
    vinSn: text('vin_sn').notNull().default(''),
    spec: text('spec').notNull().default(''),
    unit: text('unit').notNull().default(''),
    weight: numeric('weight', { precision: 13, scale: 4 }),
    projectCodeId: integer('project_code_id'),
    did: text('did'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_uuid_uq').on(t.uuid),
    uniqueIndex('products_enterprise_code_batch_vin_uq').on(t.enterpriseUuid, t.code, t.batchNo, t.vinSn),
    // The list's order (newest first) with its tie-break: the rows of one import share their created time.
    index('products_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id),
    index('products_project_idx').on(t.enterpriseUuid, t.projectCodeId),
    // A VIN/SN's product: the start of a trace, the project drill-down's VINs without one.
    index('products_vin_idx').on(t.enterpriseUuid, t.vinSn),
    searchIndex('products_search_idx', t.code, t.name, t.nameEn, t.batchNo, t.vinSn),
  ],
);

/** The tracing materials of a product (multi-select). */
export const productMaterials = pgTable(
  'product_materials',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    productId: integer('product_id').notNull(),
    materialId: integer('material_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.materialId], name: 'product_materials_pk' }),
    index('product_materials_material_idx').on(t.enterpriseUuid, t.materialId),
  ],
);

/** Carbon footprint uploads of a product (spec 3 "Carbon result"); the newest is the product's current one. */
export const productCarbon = pgTable(
  'product_carbon',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    productId: integer('product_id').notNull(),
    baseYear: integer('base_year').notNull(),
    /** kgCO2e. */
    result: numeric('result', { precision: 17, scale: 4 }).notNull(),
    lcaFileKey: text('lca_file_key').notNull(),
    lcaFileName: text('lca_file_name').notNull(),
    lcaFileHash: text('lca_file_hash').notNull(),
    authority: text('authority').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_carbon_product_idx').on(t.enterpriseUuid, t.productId, t.createdAt)],
);
