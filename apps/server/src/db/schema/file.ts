import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Uploaded files: content on the storage (disk by default), identity and SHA-256 here. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    fileKey: text('file_key').notNull(),
    ownerUserId: integer('owner_user_id').notNull(),
    enterpriseUuid: text('enterprise_uuid'),
    bizType: text('biz_type').notNull(),
    bizNo: text('biz_no'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storagePath: text('storage_path').notNull(),
    /** Links issued by /file/preDownloadStats (usage statistics of the file). */
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_key_uq').on(t.fileKey),
    index('files_biz_idx').on(t.enterpriseUuid, t.bizType, t.bizNo),
    index('files_sha256_idx').on(t.sha256),
  ],
);

/**
 * Attachment transfers that failed (spec 2.1 /stage/fileErrorLog): a document's attachment refused or lost
 * on its way in, with the reason, listed by business type and bill type.
 */
export const fileTransferErrors = pgTable(
  'file_transfer_errors',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    /** The document type's numeric code (the upload's bizType). */
    bizType: text('biz_type').notNull(),
    /** The bill stage (10-80). */
    billType: integer('bill_type'),
    bizNo: text('biz_no').notNull().default(''),
    fileName: text('file_name').notNull(),
    errorCode: text('error_code').notNull(),
    /** The message as recorded, in the uploader's language. */
    errorMsg: text('error_msg').notNull(),
    /** The catalogue message's parameters, so that the list shows it in the reader's language. */
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('file_transfer_errors_idx').on(t.enterpriseUuid, t.bizType, t.createdAt)],
);
