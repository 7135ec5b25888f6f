import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  defaultFormValues,
  splitValues,
  toFormValues,
  toRequestValues,
} from '../src/shared/list/searchValues';
import type { TSearchField } from '../src/shared/list/types';

const FIELDS: readonly TSearchField[] = [
  { type: 'text', prop: 'name', label: 'log.fields.id' },
  { type: 'text', prop: 'codes', label: 'log.fields.id', multiple: true },
  { type: 'number', prop: 'weight', label: 'log.fields.id' },
  { type: 'select', prop: 'status', label: 'log.fields.id', options: () => [], defaultValue: 'pending' },
  { type: 'select', prop: 'levels', label: 'log.fields.id', options: () => [], multiple: true },
  { type: 'date', prop: 'day', label: 'log.fields.id' },
  { type: 'daterange', prop: 'period', props: ['from', 'to'], label: 'log.fields.id' },
  { type: 'datetimerange', prop: 'moment', props: ['start', 'end'], label: 'log.fields.id' },
  { type: 'monthrange', prop: 'months', props: ['monthFrom', 'monthTo'], label: 'log.fields.id' },
  {
    type: 'datetimerange',
    prop: 'created',
    props: ['createdFrom', 'createdTo'],
    label: 'log.fields.id',
    valueFormat: 'epochMs',
  },
  {
    type: 'combination',
    prop: 'keyword',
    label: 'log.fields.id',
    items: [
      { prop: 'username', label: 'log.fields.username' },
      { prop: 'email', label: 'log.fields.id' },
    ],
  },
];

describe('comma-separated exact values', () => {
  it('splits on ASCII and full-width commas, trims, drops blanks and repeats', () => {
    expect(splitValues(' A1, B2，A1 ,, c3 ')).toEqual(['A1', 'B2', 'c3']);
    expect(splitValues(' , ')).toEqual([]);
  });
});

describe('search values', () => {
  const request = {
    name: 'Galaxy',
    codes: ['A1', 'B2'],
    weight: 12,
    status: 'done',
    levels: ['fatal'],
    day: '2024-03-05',
    from: '2024-01-01',
    to: '2024-01-31',
    start: '2024-01-01 08:00:00',
    end: '2024-01-02 23:59:59',
    monthFrom: '2023-11',
    monthTo: '2024-02',
    createdFrom: dayjs('2024-05-01 00:00:00').valueOf(),
    createdTo: dayjs('2024-05-02 12:30:00').valueOf(),
    email: 'a@b.c',
  };

  it('round-trips every field type through the form in its value format', () => {
    const form = toFormValues(FIELDS, request);
    expect(form.codes).toBe('A1,B2');
    expect(dayjs.isDayjs(form.day)).toBe(true);
    expect(form.keyword).toEqual({ prop: 'email', text: 'a@b.c' });
    expect(toRequestValues(FIELDS, form)).toEqual({ ...request, username: undefined });
  });

  it('clears every key of an emptied form; a field with a default is cleared explicitly (null)', () => {
    const out = toRequestValues(FIELDS, {
      codes: ' , ',
      name: '  ',
      levels: [],
      keyword: { prop: 'username', text: ' ' },
    });
    expect(out.status).toBeNull();
    for (const key of [
      'name',
      'codes',
      'weight',
      'levels',
      'day',
      'from',
      'to',
      'start',
      'end',
      'username',
      'email',
    ]) {
      expect(out[key]).toBeUndefined();
    }
  });

  it('starts Reset from the defaults', () => {
    const form = defaultFormValues(FIELDS);
    expect(form.status).toBe('pending');
    expect(form.period).toEqual([null, null]);
    expect(form.keyword).toEqual({ prop: 'username', text: '' });
  });
});
