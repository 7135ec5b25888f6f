import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { DOCUMENT_TYPES } from './document-types.ts';
import { listRequest, ZListResponse } from './list.ts';

/*
 * Bulk import and export, shared by every list resource that offers them (spec 2.4, 3 "Import result",
 * 5 "Bulk import", 8). A resource declares its endpoints with `importExportEndpoints`; one server pipeline
 * runs every import as a background task of the resource's page (task.ts; xlsx/xls, at most
 * LIMITS.bulkImportMaxRows rows, each row validated with the resource's contract schema and written
 * all-or-nothing), keeps an import record for the resource's upload-operation page, and writes an
 * error-log workbook (the task's result file) listing each failed row with its reasons.
 */

/** The resources that can be imported; each names its template, its records and its error logs. */
const MASTER_DATA_KINDS = [
  'partner',
  'project',
  'product',
  'materialData',
  'materialDataIn',
  'materialRelation',
  'customMaterialRelation',
] as const;
/** Master data by name; each document type by its menu code (document-types.ts). */
export const IMPORT_KINDS: readonly string[] = [...MASTER_DATA_KINDS, ...DOCUMENT_TYPES.map((d) => d.code)];
export type TImportKind = (typeof MASTER_DATA_KINDS)[number] | (string & {});
export const ZImportKind = z.string().refine((k) => IMPORT_KINDS.includes(k));

/**
 * The page an import kind's records belong to (its menu code): a master-data kind's name capitalised
 * ('materialData' -> 'MaterialData'), a document type's code as it is. Undefined for an unknown kind.
 */
export function importKindPage(kind: string): string | undefined {
  if (!IMPORT_KINDS.includes(kind)) return undefined;
  return (MASTER_DATA_KINDS as readonly string[]).includes(kind)
    ? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`
    : kind;
}

/** Who may read a page's import records and error logs: as its upload-operation page (uploadRecord). */
export const importRecordCodes = (page: string): string[] => [
  `${page}:ViewUploadRecords`,
  `${page}:BatchUpload`,
];

/** Any page's import-record codes: the route-level check of /import/records/:id and its error log. */
const ANY_IMPORT_RECORD_CODES: readonly string[] = IMPORT_KINDS.flatMap((k) =>
  importRecordCodes(importKindPage(k)!),
);

/** queued -> running -> completed (some or all rows may have failed) | failed (the file itself was unusable). */
export const ZImportStatus = z.enum(['queued', 'running', 'completed', 'failed']);
export type TImportStatus = z.infer<typeof ZImportStatus>;

/** One import: its progress while it runs, its result counts once done (spec 3 "Import result", 8). */
export const ZImportRecord = z.object({
  id: z.string(),
  kind: ZImportKind,
  fileName: z.string(),
  /** SHA-256 of the uploaded workbook, lowercase hex. */
  fileHash: z.string(),
  status: ZImportStatus,
  /** Data rows found in the file (spec importNum); 0 until counted. */
  importNum: z.number().int(),
  /** Rows handled so far, for the progress bar. */
  processed: z.number().int(),
  /** Rows written (spec successNum). */
  successNum: z.number().int(),
  /** Rows refused for incomplete or invalid data (spec defeatNum). */
  defeatNum: z.number().int(),
  /** Rows refused because the record already exists (spec "existing data"). */
  existNum: z.number().int(),
  /** True when an error-log workbook can be downloaded. */
  hasErrorLog: z.boolean(),
  /**
   * Why a failed import ended: an error code of the catalogue, its task's reason (contract task.ts): the file
   * could not be used (e.g. F1003), the import was given up (F1013), cancelled (T7002) or withdrawn (T7003).
   */
  errorCode: z.string().nullable(),
  operator: z.string(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type TImportRecord = z.infer<typeof ZImportRecord>;

/** Filters of an upload-operation (import records) page; times are epoch milliseconds like other lists. */
export const ZImportRecordFilters = {
  fileName: z.string().trim().max(100).optional(),
  status: ZImportStatus.optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

interface ImportExportOptions<F extends z.ZodRawShape> {
  kind: TImportKind;
  /** The resource's path below /api, e.g. '/product'. */
  base: string;
  /** The resource's page code: permissions are `<code>:BatchUpload`, `:DownloadTemplate`, `:Export`, `:ViewUploadRecords`. */
  code: string;
  /** The list filters; an export writes the rows the list would show for them. */
  filters: F;
  tag: string;
  /** The resource's name in summaries, e.g. 'products'. */
  noun: string;
}

/**
 * The import and export endpoints of one resource. Import is multipart (field `file`) and registered by
 * hand on the server; template, export and error logs answer with an xlsx workbook, not an envelope.
 */
export function importExportEndpoints<F extends z.ZodRawShape>(o: ImportExportOptions<F>) {
  // The import records' page is found from their kind alone (importKindPage): the two must agree.
  if (importKindPage(o.kind) !== o.code) throw new Error(`import kind ${o.kind} is not page ${o.code}`);
  return {
    importExcel: endpoint({
      method: 'POST',
      path: `${o.base}/importExcel`,
      input: z.object({}),
      output: ZImportRecord,
      auth: 'enterprise',
      permission: `${o.code}:BatchUpload`,
      tag: o.tag,
      summary: `Import ${o.noun} from an xlsx/xls workbook (multipart field \`file\`); runs as a job, poll /import/records/:id`,
    }),
    template: endpoint({
      method: 'GET',
      path: `${o.base}/template`,
      input: z.object({}),
      output: z.unknown(),
      auth: 'enterprise',
      permission: [`${o.code}:DownloadTemplate`, `${o.code}:BatchUpload`],
      tag: o.tag,
      summary: `The import template for ${o.noun} (xlsx, headers in the request's language)`,
    }),
    export: endpoint({
      method: 'POST',
      path: `${o.base}/export`,
      // The list filters, and the IANA time zone times are written in (the browser's; Asia/Shanghai without it).
      input: listRequest({ ...o.filters, tz: z.string().max(64).optional() }),
      output: z.unknown(),
      auth: 'enterprise',
      permission: `${o.code}:Export`,
      tag: o.tag,
      summary: `Export the ${o.noun} matching the list filters (xlsx; formula injection neutralised)`,
    }),
    uploadRecord: endpoint({
      method: 'POST',
      path: `${o.base}/uploadRecord`,
      input: listRequest(ZImportRecordFilters),
      output: ZListResponse(ZImportRecord),
      reads: true,
      auth: 'enterprise',
      permission: importRecordCodes(o.code),
      tag: o.tag,
      summary: `The enterprise's imports of ${o.noun}, newest first (upload-operation page)`,
    }),
  };
}

/** Endpoints shared by every import: progress and the error log of one import of the enterprise. */
export const importEndpoints = {
  record: endpoint({
    method: 'GET',
    path: '/import/records/:id',
    input: z.object({ id: z.string().max(40) }),
    output: ZImportRecord,
    auth: 'enterprise',
    permission: ANY_IMPORT_RECORD_CODES,
    tag: 'import',
    summary:
      "One import of the enterprise: status, progress and result counts. Needs its page's ViewUploadRecords or BatchUpload (E1008 without); with the 'account' data permission only the member's own imports (E1003 otherwise)",
  }),
  errorLog: endpoint({
    method: 'GET',
    path: '/import/records/:id/errorLog',
    input: z.object({ id: z.string().max(40) }),
    output: z.unknown(),
    auth: 'enterprise',
    permission: ANY_IMPORT_RECORD_CODES,
    tag: 'import',
    summary:
      'The error log of one import (xlsx): each refused row with its row number, its values and the reasons; checked as /import/records/:id',
  }),
};
