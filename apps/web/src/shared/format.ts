import dayjs from 'dayjs';
import { DATE_FORMATS } from './dateRange';

/** What a missing value shows (spec 2.5, 9). */
export const EMPTY_TEXT = '--';
export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm:ss';

export function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

export function formatDateTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? EMPTY_TEXT : dayjs(ms).format(DATE_TIME_FORMAT);
}

/** A date value (YYYY-MM-DD text or an instant) shown as YYYY/MM/DD; null when there is none. */
export function formatDate(value: unknown): string | null {
  if (typeof value === 'number') return dayjs(value).format(DATE_FORMATS.date.shown);
  if (typeof value !== 'string' || !value) return null;
  const parsed = dayjs(value, DATE_FORMATS.date.value, true);
  return parsed.isValid() ? parsed.format(DATE_FORMATS.date.shown) : value;
}

const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** Thousands separators (spec 9), up to 4 decimals. */
export function formatNumber(value: number): string {
  return NUMBER_FORMAT.format(value);
}

const MONEY_FORMAT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** Money: thousands separators, two decimals (up to 4 where a price has them), and its currency's code. */
export function formatMoney(value: number | string, currency: string | null | undefined): string {
  const text = MONEY_FORMAT.format(Number(value));
  return currency ? `${text} ${currency}` : text;
}
