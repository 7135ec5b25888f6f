import { describe, it, expect } from 'vitest';
import {
  isNonNegativeNumber,
  isValidWeight,
  normalizeNumberInput,
  sanitizeDecimalInput,
  stripNonDigits,
  zNonNegativeNumber,
  zWeight,
} from '../../src/validators/index.ts';

describe('normalizeNumberInput', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['12', '12'],
    ['12.5', '12.5'],
    ['.5', '0.5'],
    ['.', '0.'],
    ['12.', '12.'],
    ['123456789', '123456789'],
    ['1234567890', '123456789'],
    ['12345678901.5', '123456789.5'],
    ['1.2345', '1.2345'],
    ['1.23456789', '1.2345'],
    ['.123456', '0.1234'],
    ['-1.23456', '-1.2345'],
    ['-.5', '-0.5'],
  ])('%j -> %j', (raw, expected) => expect(normalizeNumberInput(raw)).toBe(expected));

  it.each(['abc', '1a', '1.2.3', '-', '1,000', ' 12', '1e5', '+1', '--1'])(
    'leaves non-numeric %j alone',
    (raw) => expect(normalizeNumberInput(raw)).toBe(raw),
  );

  it('takes other digit limits', () => {
    expect(normalizeNumberInput('123456.789', { integerDigits: 3, decimalDigits: 2 })).toBe('123.78');
    expect(normalizeNumberInput('1.23456', { decimalDigits: 6 })).toBe('1.23456');
    expect(normalizeNumberInput('99999999999', { integerDigits: 11 })).toBe('99999999999');
  });

  it('drops the decimal point when no decimals are allowed', () => {
    expect(normalizeNumberInput('12.5', { decimalDigits: 0 })).toBe('12');
    expect(normalizeNumberInput('12.', { decimalDigits: 0 })).toBe('12');
  });
});

describe('stripNonDigits', () => {
  it.each([
    ['123', '123'],
    ['a1b2c3', '123'],
    ['12.5', '125'],
    ['-42', '42'],
    [' 1 2 ', '12'],
    ['１２３', ''],
    ['abc', ''],
    ['', ''],
  ])('%j -> %j', (s, expected) => expect(stripNonDigits(s)).toBe(expected));
});

describe('sanitizeDecimalInput', () => {
  it.each([
    ['12.5', '12.5'],
    ['1/2', '1/2'],
    ['12.5kg', '12.5'],
    ['-3.14', '3.14'],
    ['1,000.5', '1000.5'],
    ['a.b/c1', './1'],
    ['１.５', '.'],
    ['', ''],
  ])('%j -> %j', (s, expected) => expect(sanitizeDecimalInput(s)).toBe(expected));
});

describe('isValidWeight', () => {
  it.each<string | number>([
    0,
    1,
    12.5,
    0.0001,
    999999999.9999,
    123456789,
    '0',
    '12',
    '12.5',
    '0.0001',
    '999999999.9999',
    '12.',
    '.5',
    ' 12.5 ',
    '0012.5',
    '1.50000',
  ])('accepts %j', (v) => expect(isValidWeight(v)).toBe(true));

  it.each<string | number>([
    -1,
    -0.5,
    0.00001,
    1000000000,
    1e21,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    0.1 + 0.2,
    '',
    ' ',
    '.',
    '-1',
    '1e3',
    '1,000',
    'abc',
    '12kg',
    '1000000000',
    '1.23456',
    '1 2',
    '+5',
    '9'.repeat(400),
  ])('rejects %j', (v) => expect(isValidWeight(v)).toBe(false));
});

describe('zWeight', () => {
  it('turns numbers and numeric strings into numbers', () => {
    expect(zWeight.parse(12.5)).toBe(12.5);
    expect(zWeight.parse('12.5')).toBe(12.5);
    expect(zWeight.parse(' 0.0001 ')).toBe(0.0001);
    expect(zWeight.parse('.5')).toBe(0.5);
    expect(zWeight.parse('0')).toBe(0);
  });

  it.each<unknown>([-1, '1.23456', '', 'abc', '1000000000', true, null, undefined, {}])(
    'rejects %j with the weight key',
    (v) => {
      const issues = zWeight.safeParse(v).error?.issues ?? [];
      expect(issues.map((i) => i.message)).toEqual(['v.weight.format']);
    },
  );
});

describe('isNonNegativeNumber and zNonNegativeNumber', () => {
  it.each<string | number>([0, 1, 1.23456789, 1e20, '0', '1.23456789', '12345678901234', '.5'])(
    'accepts %j',
    (v) => {
      expect(isNonNegativeNumber(v)).toBe(true);
      expect(zNonNegativeNumber.parse(v)).toBe(Number(v));
    },
  );

  it.each<unknown>([-1, -0.001, '-1', '', 'abc', '1e3', Number.NaN, Number.POSITIVE_INFINITY, false, null])(
    'rejects %j with the number key',
    (v) => {
      const issues = zNonNegativeNumber.safeParse(v).error?.issues ?? [];
      expect(issues.map((i) => i.message)).toEqual(['v.number.format']);
    },
  );
});
