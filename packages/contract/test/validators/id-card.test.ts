import { describe, it, expect } from 'vitest';
import {
  chineseIdCheckChar,
  isChineseIdFormat,
  isValidChineseIdNumber,
  zChineseIdNumber,
} from '../../src/validators/index.ts';

describe('chineseIdCheckChar', () => {
  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(chineseIdCheckChar('11010519491231002')).toBe('X');
    expect(chineseIdCheckChar('44052418800101001')).toBe('4');
  });

  it('returns null unless given 17 digits', () => {
    expect(chineseIdCheckChar('1101051949123100')).toBeNull();
    expect(chineseIdCheckChar('1101051949123100A')).toBeNull();
  });
});

describe('isValidChineseIdNumber', () => {
  it.each([
    ['11010519491231002X', 'the publicly documented example (check character X)'],
    ['440524188001010014', 'the example of GB 11643-1999'],
  ])('accepts %s (%s)', (id) => expect(isValidChineseIdNumber(id)).toBe(true));

  it.each([
    ['wrong check character', '110105194912310021'],
    ['lower case x', '11010519491231002x'],
    ['X not at the end', '1101051949123100X2'],
    ['impossible date', '110105194902301234'],
    ['month 13', '110105194913310024'],
    ['future birth date', '110105299912310023'],
    ['region starting with 0', '010105194912310025'],
    ['old 15-digit number', '110105491231002'],
    ['17 characters', '11010519491231002'],
    ['19 characters', '11010519491231002X1'],
    ['letters', '1101051949123100AX'],
    ['empty', ''],
  ])('rejects %s', (_label, id) => expect(isValidChineseIdNumber(id)).toBe(false));
});

describe('isChineseIdFormat', () => {
  it('checks the birth date against the given day', () => {
    expect(isChineseIdFormat('110105202001010011', new Date('2019-12-31T00:00:00Z'))).toBe(false);
    expect(isChineseIdFormat('110105202001010011', new Date('2020-01-02T00:00:00Z'))).toBe(true);
  });

  it('knows leap days', () => {
    expect(isChineseIdFormat('110105200002290011')).toBe(true);
    expect(isChineseIdFormat('110105190002290011')).toBe(false);
  });
});

describe('zChineseIdNumber', () => {
  const messages = (v: unknown) => zChineseIdNumber.safeParse(v).error?.issues.map((i) => i.message) ?? [];

  it('trims and upper-cases a trailing x', () => {
    expect(zChineseIdNumber.parse(' 11010519491231002x ')).toBe('11010519491231002X');
  });

  it('uses the format key for layout errors and the checksum key for a wrong check character', () => {
    expect(messages('1101051949123100')).toEqual(['v.idCard.format']);
    expect(messages('110105194902301234')).toEqual(['v.idCard.format']);
    expect(messages('110105194912310021')).toEqual(['v.idCard.checksum']);
  });

  it('reports a blank number as required', () => {
    expect(zChineseIdNumber.safeParse('').error?.issues.map((i) => i.code)).toEqual(['too_small']);
  });
});
