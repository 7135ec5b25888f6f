import { LIMITS, type TBilingual, type TLang } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../context.ts';
import type { ImportColumn } from './importer.ts';
import { writeWorkbook, type WriteCell } from './workbook-write.ts';

/** How an export writes values that depend on the request: its language and time zone. */
export interface ExportFormat {
  lang: TLang;
  /** Epoch milliseconds as YYYY/MM/DD HH:mm:ss in the request's time zone (spec 9 date-time format). */
  dateTime(ms: number | null): string;
}

export interface ExportColumn<T> {
  zh: string;
  en: string;
  value(row: T, format: ExportFormat): WriteCell;
}

/**
 * How a resource is exported: its columns, and the rows its list shows for the export's filters (the list's
 * own query, see runListRows), at most `limit` of them.
 */
export interface Exporter<F, T> {
  title: TBilingual;
  columns: readonly ExportColumn<T>[];
  rows(db: Db, tenant: TenantContext, filters: F, limit: number): Promise<T[]>;
}

/** Rows an export writes at most (spec 5: 20,000 rows per workbook, like an import). */
export const EXPORT_MAX_ROWS = LIMITS.bulkImportMaxRows;

const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The zone if the runtime knows it, otherwise the platform's default (China). */
function knownZone(zone: string | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function exportFormat(lang: TLang, tz: string | undefined): ExportFormat {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: knownZone(tz),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return {
    lang,
    dateTime(ms) {
      if (ms === null) return '';
      const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
      return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
    },
  };
}

/** The export workbook: headers in the request's language, one row per record, every text a string cell. */
export function exportWorkbook<T>(exporter: Exporter<never, T>, rows: readonly T[], format: ExportFormat) {
  return writeWorkbook(
    exporter.title[format.lang],
    exporter.columns.map((c) => c[format.lang]),
    rows.map((row) => exporter.columns.map((c) => c.value(row, format))),
  );
}

/** The import template: the importer's headers in the request's language and one example row. */
export function templateWorkbook(title: TBilingual, columns: readonly ImportColumn[], lang: TLang) {
  return writeWorkbook(
    title[lang],
    columns.map((c) => c[lang]),
    [columns.map((c) => (typeof c.example === 'string' ? c.example : c.example[lang]))],
  );
}
