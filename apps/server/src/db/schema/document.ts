import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchIndex } from './columns.ts';

/**
 * Business documents (spec 3 "Documents"): one line per row, of every type of the catalogue (contract
 * document-types.ts), told apart by `doc_type` (the type's numeric code). The counterparty is a partner of
 * the enterprise, kept by id with its code and names as they were; `extra` holds the few fields of the
 * type (logistics addresses, certificate country, site of a mine ...).
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    docType: integer('doc_type').notNull(),
    stage: integer('stage').notNull(),
    billNo: text('bill_no').notNull(),
    bizTime: timestamp('biz_time', { withTimezone: true }).notNull(),
    partnerId: integer('partner_id'),
    partnerCode: text('partner_code').notNull().default(''),
    partnerName: text('partner_name').notNull().default(''),
    partnerNameEn: text('partner_name_en').notNull().default(''),
    itemCode: text('item_code').notNull().default(''),
    itemName: text('item_name').notNull().default(''),
    batchNo: text('batch_no').notNull().default(''),
    vinSn: text('vin_sn').notNull().default(''),
    interiorBatchNo: text('interior_batch_no').notNull().default(''),
    /** Decimals of the weight rule (9 integer digits, 4 decimals). */
    quantity: numeric('quantity', { precision: 13, scale: 4 }),
    unit: text('unit').notNull().default(''),
    unitPrice: numeric('unit_price', { precision: 13, scale: 4 }),
    currency: text('currency'),
    amount: numeric('amount', { precision: 13, scale: 4 }),
    relatedBillNos: text('related_bill_nos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    extra: jsonb('extra').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('documents_natural_uq').on(
      t.enterpriseUuid,
      t.docType,
      t.billNo,
      t.itemCode,
      t.batchNo,
      t.vinSn,
    ),
    index('documents_list_idx').on(t.enterpriseUuid, t.docType, t.createdAt, t.id),
    // The lists' business-time range and order.
    index('documents_biz_time_idx').on(t.enterpriseUuid, t.docType, t.bizTime, t.id),
    index('documents_lot_idx').on(t.enterpriseUuid, t.itemCode, t.batchNo),
    index('documents_bill_idx').on(t.enterpriseUuid, t.billNo),
    index('documents_vin_idx')
      .on(t.vinSn)
      .where(sql`${t.vinSn} <> ''`),
    index('documents_batch_idx')
      .on(t.batchNo)
      .where(sql`${t.batchNo} <> ''`),
    index('documents_partner_idx').on(t.enterpriseUuid, t.partnerId),
    index('documents_related_idx').using('gin', t.relatedBillNos),
    searchIndex(
      'documents_search_idx',
      t.billNo,
      t.partnerCode,
      t.partnerName,
      t.partnerNameEn,
      t.itemCode,
      t.itemName,
      t.batchNo,
      t.vinSn,
    ),
  ],
);
