import { describe, it, expect } from 'vitest';
import { isValidCompanyEnglishName, zCompanyEnglishName } from '../../src/validators/index.ts';

describe('isValidCompanyEnglishName', () => {
  it.each([
    'Acme',
    'Huawei Technologies Co., Ltd.',
    'Procter & Gamble',
    "Macy's Inc.",
    'BYD Auto (Shenzhen) Co., Ltd.',
    'A-1 Parts_Supply!',
    'Jean·Claude Trading',
    'Team@Work',
    '3M',
    '7-Eleven',
  ])('accepts %j', (s) => expect(isValidCompanyEnglishName(s)).toBe(true));

  it.each([
    ['empty', ''],
    ['digits only', '123456'],
    ['digits and symbols only', '123 - 456.'],
    ['spaces only', '   '],
    ['Chinese', '华为技术有限公司'],
    ['Chinese mixed in', 'Huawei 华为'],
    ['Chinese brackets', 'Acme（China）'],
    ['Chinese comma', 'Acme，Ltd'],
    ['katakana middle dot', 'Jean・Claude'],
    ['unsupported symbol #', 'Acme #1'],
    ['unsupported symbol /', 'A/B Corp'],
    ['unsupported symbol "', '"Acme"'],
  ])('rejects %s', (_label, s) => expect(isValidCompanyEnglishName(s)).toBe(false));
});

describe('zCompanyEnglishName', () => {
  it('trims surrounding spaces', () => {
    expect(zCompanyEnglishName.parse('  Acme Ltd.  ')).toBe('Acme Ltd.');
  });

  it('reports spaces-only input as required', () => {
    expect(zCompanyEnglishName.safeParse('    ').error?.issues.map((i) => i.code)).toEqual(['too_small']);
  });

  it('reports a bad name with the validator key', () => {
    expect(zCompanyEnglishName.safeParse('12345').error?.issues.map((i) => i.message)).toEqual([
      'v.companyEnName.format',
    ]);
  });
});
