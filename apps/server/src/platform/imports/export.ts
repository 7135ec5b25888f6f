import { LIMITS, type TBilingual, type TLang } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../context.ts';
import type { ImportColumn } from './importer.ts';
import { writeWorkbook, type WriteCell } from './workbook-write.ts';

/** How an export writes values that depend on the request: its language and time zone. */
export interface ExportFormat {
  lang: TLang;
  /** The IANA time zone times are written in (the request's, or the platform's default). */
  zone: string;
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
  const zone = knownZone(tz);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
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
    zone,
    dateTime(ms) {
      if (ms === null) return '';
      const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
      return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
    },
  };
}

/** The zone's offset at an instant, as UTC+08:00. */
function offsetAt(zone: string, ms: number): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT+08:00', or 'GMT' itself for UTC.
  return !name || name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC');
}

/**
 * The export workbook: headers in the request's language, one row per record, every text a string cell,
 * times in the request's time zone. A column whose cells are written as times (through `format.dateTime`)
 * names the zone in its header: its offset (`创建时间 (UTC+08:00)`); where its times fall on both sides of
 * a summer-time change, the zone's name, and each time carries its own offset. Imports read both back
 * (sheet-rows.ts, cells.ts readWallClockTime), so an export round-trips in any zone.
 */
export function exportWorkbook<T>(exporter: Exporter<never, T>, rows: readonly T[], format: ExportFormat) {
  const offsets = exporter.columns.map(() => new Set<string>());
  // The offset of each time cell, by row and column.
  const cellOffsets = new Map<string, string>();
  const cells = rows.map((row, r) =>
    exporter.columns.map((column, c) =>
      column.value(row, {
        ...format,
        dateTime(ms) {
          if (ms !== null) {
            const offset = offsetAt(format.zone, ms);
            offsets[c]!.add(offset);
            cellOffsets.set(`${r}:${c}`, offset);
          }
          return format.dateTime(ms);
        },
      }),
    ),
  );
  const mixed = offsets.map((seen) => seen.size > 1);
  for (const [at, offset] of cellOffsets) {
    const [r, c] = at.split(':').map(Number) as [number, number];
    const cell = cells[r]![c];
    if (mixed[c] && typeof cell === 'string' && cell !== '') cells[r]![c] = `${cell} ${offset}`;
  }
  const headers = exporter.columns.map((column, c) => {
    const seen = offsets[c]!;
    if (seen.size === 0) return column[format.lang];
    return `${column[format.lang]} (${mixed[c] ? format.zone : [...seen][0]!})`;
  });
  return writeWorkbook(exporter.title[format.lang], headers, cells);
}

/** The import template: the importer's headers in the request's language and one example row. */
export function templateWorkbook(title: TBilingual, columns: readonly ImportColumn[], lang: TLang) {
  return writeWorkbook(
    title[lang],
    columns.map((c) => c[lang]),
    [columns.map((c) => (typeof c.example === 'string' ? c.example : c.example[lang]))],
  );
}
