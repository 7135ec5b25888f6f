import dayjs from 'dayjs';

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
