import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Strict parsing of the value formats (URL state, form values).
dayjs.extend(customParseFormat);

/** Value and display formats of spec 2.5 and 9. */
export const DATE_FORMATS = {
  date: { value: 'YYYY-MM-DD', shown: 'YYYY/MM/DD' },
  datetime: { value: 'YYYY-MM-DD HH:mm:ss', shown: 'YYYY-MM-DD HH:mm:ss' },
  month: { value: 'YYYY-MM', shown: 'YYYY-MM' },
} as const;

export type TPickerKind = keyof typeof DATE_FORMATS;
export type TRange = readonly [Dayjs | null, Dayjs | null];

const END_OF_DAY = '23:59:59';
const START_OF_DAY = '00:00:00';

/** Start bound (spec 5): no date after the end, none after now. */
export function disabledStart(current: Dayjs, end: Dayjs | null, kind: TPickerKind, now = dayjs()): boolean {
  const unit = kind === 'month' ? 'month' : 'day';
  return current.isAfter(now, unit) || (end !== null && current.isAfter(end, unit));
}

/** End bound (spec 5): no date before the start, none after now. */
export function disabledEnd(current: Dayjs, start: Dayjs | null, kind: TPickerKind, now = dayjs()): boolean {
  const unit = kind === 'month' ? 'month' : 'day';
  return current.isAfter(now, unit) || (start !== null && current.isBefore(start, unit));
}

/**
 * The range after one bound changed (spec 5). With times, a start after the end (or an end before the
 * start) drags the other bound along; an end moved to another month that arrives at 00:00:00 while the
 * previous end was 23:59:59 keeps the end of its day.
 */
export function changeBound(
  range: TRange,
  bound: 'start' | 'end',
  value: Dayjs | null,
  kind: TPickerKind,
): TRange {
  const [start, end] = range;
  if (bound === 'start') {
    if (kind === 'datetime' && value && end && value.isAfter(end)) return [value, value];
    return [value, end];
  }
  let next = value;
  if (
    kind === 'datetime' &&
    next &&
    end &&
    end.format('HH:mm:ss') === END_OF_DAY &&
    next.format('HH:mm:ss') === START_OF_DAY &&
    !next.isSame(end, 'month')
  ) {
    next = next.endOf('day').millisecond(0);
  }
  if (kind === 'datetime' && next && start && next.isBefore(start)) return [next, next];
  return [start, next];
}
