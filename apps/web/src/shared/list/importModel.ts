import {
  errorByCode,
  FILE_TYPES,
  interpolate,
  LIMITS,
  type TImportRecord,
  type TLang,
} from '@tracehub/contract';

/*
 * The bulk-import flow as data (spec 2.4, 4 "Bulk import dialog"): which step an import is at, its
 * progress, and the words for a file the server could not read. The dialog only draws these.
 */

/** The sub-route of a list page that shows its upload operation records (spec 2.2). */
export const UPLOAD_OPERATION_ROUTE = 'uploadOperation';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 800;
/** Import files are xls or xlsx (spec 5). */
export const IMPORT_EXTENSIONS = FILE_TYPES.import;

/**
 * - choose: step 1, no import yet (or starting over);
 * - running: the file is uploaded and its rows are being handled;
 * - partial: step 2, some or all rows were refused (the error log lists them);
 * - failed: step 2, the file itself could not be used (its errorCode says why);
 * - done: step 3, every row was written.
 */
export type TImportView =
  { step: 'choose' } | { step: 'running' | 'partial' | 'failed' | 'done'; record: TImportRecord };

export function isImportActive(record: Pick<TImportRecord, 'status'>): boolean {
  return record.status === 'queued' || record.status === 'running';
}

/** Rows refused for incomplete or invalid data or because they already exist. */
export function refusedRows(record: Pick<TImportRecord, 'defeatNum' | 'existNum'>): number {
  return record.defeatNum + record.existNum;
}

export function importView(record: TImportRecord | null): TImportView {
  if (!record) return { step: 'choose' };
  if (isImportActive(record)) return { step: 'running', record };
  if (record.status === 'failed') return { step: 'failed', record };
  const allWritten = refusedRows(record) === 0 && record.successNum > 0;
  return { step: allWritten ? 'done' : 'partial', record };
}

/** The Steps bar's position: choose file (and its upload) 0, result 1, full success 2. */
export function stepIndex(view: TImportView): 0 | 1 | 2 {
  switch (view.step) {
    case 'choose':
    case 'running':
      return 0;
    case 'partial':
    case 'failed':
      return 1;
    case 'done':
      return 2;
  }
}

/** Rows handled so far as a whole percentage (0 until the rows are counted, never past 100). */
export function progressPercent(record: Pick<TImportRecord, 'processed' | 'importNum'>): number {
  if (record.importNum <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((record.processed / record.importNum) * 100)));
}

/**
 * Why a failed import could not read its file: the catalogue's message for its errorCode in the language
 * (with the import limits filled in), or null for a code the console does not know.
 */
export function importFailureMessage(errorCode: string | null, lang: TLang): string | null {
  const known = errorCode ? errorByCode(errorCode) : undefined;
  if (!known) return null;
  const text = interpolate(known[lang], {
    types: IMPORT_EXTENSIONS.join('/'),
    max: LIMITS.bulkImportMaxRows,
    maxRows: LIMITS.bulkImportMaxRows,
  });
  // A detail the record does not carry is left out rather than shown as a raw placeholder.
  return text.replace(/[:：]?\s*\{\w+\}/g, '').trim();
}

const PAGING_KEYS: ReadonlySet<string> = new Set(['pageNo', 'pageSize']);

/**
 * An export writes every row the current search finds, not one page of it: the filters and the sort; its
 * times in the browser's time zone, as the screen shows them.
 */
export function exportRequest(request: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return {
    ...Object.fromEntries(Object.entries(request).filter(([key]) => !PAGING_KEYS.has(key))),
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/**
 * The business number a record's attachments are filed under (/file/upload, /file/list with bizType
 * 'attachment'): the resource's page code and the record's key, so records of different resources with
 * the same id or code never share files.
 */
export function attachmentBizNo(code: string, key: string | number): string {
  return `${code}:${key}`;
}

/** Query keys of imports: one import's progress. */
export const importKeys = {
  all: ['import'] as const,
  record: (id: string) => [...importKeys.all, 'record', id] as const,
};

/** 'projects.xlsx' -> 'projects-error-log.xlsx': the error log's name when the server gives none. */
export function errorLogFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${stem || 'import'}-error-log.xlsx`;
}
