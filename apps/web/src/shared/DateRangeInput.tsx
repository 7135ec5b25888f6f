import { DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TI18nKey } from '../i18n';
import {
  changeBound,
  DATE_FORMATS,
  disabledEnd,
  disabledStart,
  type TPickerKind,
  type TRange,
} from './dateRange';

const END_OF_DAY = dayjs('23:59:59', 'HH:mm:ss');
const PLACEHOLDERS = {
  date: ['common.list.startDate', 'common.list.endDate'],
  datetime: ['common.list.startTime', 'common.list.endTime'],
  month: ['common.list.startMonth', 'common.list.endMonth'],
} as const satisfies Record<TPickerKind, readonly [TI18nKey, TI18nKey]>;
const START_OF_DAY = dayjs('00:00:00', 'HH:mm:ss');

/**
 * A date, date-time or month range as two pickers joined by "~", so each bound can apply its own rule of
 * spec 5 (no future dates, start not after end) and the date-time bounds can follow each other.
 */
export function DateRangeInput({
  kind,
  value,
  onChange,
  id,
}: {
  kind: TPickerKind;
  value?: TRange;
  onChange?: (value: TRange) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [start, end] = value ?? [null, null];
  const picker = kind === 'month' ? 'month' : 'date';
  const format = DATE_FORMATS[kind].shown;
  const set = (bound: 'start' | 'end', next: Dayjs | null) =>
    onChange?.(changeBound([start, end], bound, next, kind));
  return (
    <Space.Compact className="date-range-input" id={id}>
      <DatePicker
        picker={picker}
        format={format}
        value={start}
        showTime={kind === 'datetime' ? { defaultOpenValue: START_OF_DAY } : false}
        disabledDate={(current) => disabledStart(current, end, kind)}
        onChange={(next) => set('start', next)}
        placeholder={t(PLACEHOLDERS[kind][0])}
        data-testid="range-start"
      />
      <span className="date-range-separator">~</span>
      <DatePicker
        picker={picker}
        format={format}
        value={end}
        showTime={kind === 'datetime' ? { defaultOpenValue: END_OF_DAY } : false}
        disabledDate={(current) => disabledEnd(current, start, kind)}
        onChange={(next) => set('end', next)}
        placeholder={t(PLACEHOLDERS[kind][1])}
        data-testid="range-end"
      />
    </Space.Compact>
  );
}
