/*
 * Readers of import cells that are not plain text (ImportColumn.read). A cell a reader does not recognise is
 * handed on as its text, so that the row's contract schema refuses it with the catalogue's message.
 */

const YES = new Set(['是', 'y', 'yes', 'true', '1']);
const NO = new Set(['否', 'n', 'no', 'false', '0']);

/** 是/否, yes/no, y/n, true/false (an Excel boolean reads TRUE/FALSE), 1/0; any case. */
export function readYesNo(text: string): boolean | string {
  const t = text.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return text;
}

/**
 * The zone wall-clock times of a sheet are read in unless they say otherwise: the platform's (China,
 * UTC+8 all year), as the templates' examples are written.
 */
const SHEET_ZONE_OFFSET = '+08:00';

// YYYY-MM-DD or YYYY/MM/DD, optionally followed by HH:mm or HH:mm:ss (how a date cell reads, see cellText),
// optionally followed by its offset (UTC+08:00, +08:00), as exports write times of a zone with summer time.
const WALL_CLOCK_RE =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?(?:\s*(?:UTC|GMT)?([+-]\d{2}:\d{2}))?$/;

const pad = (s: string | undefined) => (s ?? '0').padStart(2, '0');

/** An offset such as +08:00 in milliseconds. */
const offsetMs = (offset: string) =>
  (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;

/**
 * A date or date-time cell as epoch milliseconds, read in its own offset when it has one (an exported
 * time), otherwise as China time; a date alone is its midnight. Text that is no such time, or names no real
 * day (2026-02-30), is handed on unchanged.
 */
export function readWallClockTime(text: string): number | string {
  const m = WALL_CLOCK_RE.exec(text.trim());
  if (!m) return text;
  const [, year, month, day, hour, minute, second, own] = m;
  const offset = own ?? SHEET_ZONE_OFFSET;
  const iso = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${offset}`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return text;
  // Date.parse rolls 30 February over to March; the day must be the one written.
  const shifted = new Date(ms + offsetMs(offset));
  if (shifted.getUTCDate() !== Number(day) || shifted.getUTCMonth() + 1 !== Number(month)) return text;
  return ms;
}
