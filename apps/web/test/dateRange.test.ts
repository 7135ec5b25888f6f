import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { changeBound, disabledEnd, disabledStart } from '../src/shared/dateRange';
import { sameSelection } from '../src/shared/list/listState';

const d = (text: string) => dayjs(text);
const now = d('2024-06-15 10:00:00');

describe('date range picker rules (spec 5)', () => {
  it('disables start dates after the end or after now', () => {
    expect(disabledStart(d('2024-06-16'), null, 'date', now)).toBe(true);
    expect(disabledStart(d('2024-06-15'), null, 'date', now)).toBe(false);
    expect(disabledStart(d('2024-05-11'), d('2024-05-10'), 'date', now)).toBe(true);
    expect(disabledStart(d('2024-05-10'), d('2024-05-10 08:00'), 'datetime', now)).toBe(false);
  });

  it('disables end dates before the start or after now', () => {
    expect(disabledEnd(d('2024-05-09'), d('2024-05-10'), 'date', now)).toBe(true);
    expect(disabledEnd(d('2024-05-10'), d('2024-05-10 18:00'), 'datetime', now)).toBe(false);
    expect(disabledEnd(d('2024-07-01'), null, 'month', now)).toBe(true);
    expect(disabledEnd(d('2024-06-30'), null, 'month', now)).toBe(false);
  });

  it('lets the other bound follow in date-time mode', () => {
    const [start, end] = changeBound(
      [d('2024-05-01 08:00'), d('2024-05-02 09:00')],
      'start',
      d('2024-05-03 10:00'),
      'datetime',
    );
    expect(end?.isSame(start)).toBe(true);
    const [s2, e2] = changeBound([d('2024-05-03 08:00'), null], 'end', d('2024-05-01 10:00'), 'datetime');
    expect(s2?.format()).toBe(e2?.format());
    // Dates alone do not drag each other (the pickers forbid the crossing instead).
    const [s3, e3] = changeBound([d('2024-05-01'), d('2024-05-02')], 'start', d('2024-05-03'), 'date');
    expect(s3?.format('YYYY-MM-DD')).toBe('2024-05-03');
    expect(e3?.format('YYYY-MM-DD')).toBe('2024-05-02');
  });

  it('keeps 23:59:59 when the end moves to another month at 00:00:00', () => {
    const prior = d('2024-04-30 23:59:59');
    const [, moved] = changeBound([null, prior], 'end', d('2024-05-31 00:00:00'), 'datetime');
    expect(moved?.format('YYYY-MM-DD HH:mm:ss')).toBe('2024-05-31 23:59:59');
    const [, sameMonth] = changeBound([null, prior], 'end', d('2024-04-29 00:00:00'), 'datetime');
    expect(sameMonth?.format('HH:mm:ss')).toBe('00:00:00');
  });
});

describe('table filter popover', () => {
  it('compares selections regardless of order (confirm is enabled only on a difference)', () => {
    expect(sameSelection(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameSelection([1], ['1'])).toBe(true);
    expect(sameSelection(['a'], ['a', 'b'])).toBe(false);
    expect(sameSelection([], [])).toBe(true);
  });
});
