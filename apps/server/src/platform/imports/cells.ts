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

/** The zone wall-clock times of a sheet are read in: the platform's (China, UTC+8 all year), as exports default to. */
const SHEET_ZONE_OFFSET = '+08:00';

// YYYY-MM-DD or YYYY/MM/DD, optionally followed by HH:mm or HH:mm:ss (how a date cell reads, see cellText).
const WALL_CLOCK_RE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (s: string | undefined) => (s ?? '0').padStart(2, '0');

/**
 * A date or date-time cell as epoch milliseconds, read as China time; a date alone is its midnight. Text
 * that is no such time, or names no real day (2026-02-30), is handed on unchanged.
 */
export function readWallClockTime(text: string): number | string {
  const m = WALL_CLOCK_RE.exec(text.trim());
  if (!m) return text;
  const [, year, month, day, hour, minute, second] = m;
  const iso = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${SHEET_ZONE_OFFSET}`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return text;
  // Date.parse rolls 30 February over to March; the day must be the one written.
  const shifted = new Date(ms + 8 * 3_600_000);
  if (shifted.getUTCDate() !== Number(day) || shifted.getUTCMonth() + 1 !== Number(month)) return text;
  return ms;
}
