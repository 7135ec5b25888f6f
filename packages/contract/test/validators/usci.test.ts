import { describe, it, expect } from 'vitest';
import { isUsciFormat, isValidUsci, usciCheckChar, zUsci } from '../../src/validators/index.ts';

// Codes of registered companies, as published in their business-licence records (check characters verified).
const REAL_USCI = [
  ['914403001922038216', 'Huawei Technologies Co., Ltd. (华为技术有限公司)'],
  ['91440300708461136T', 'Shenzhen Tencent Computer Systems Co., Ltd. (深圳市腾讯计算机系统有限公司)'],
  ['91330100716105852F', 'Alibaba (China) Network Technology Co., Ltd. (阿里巴巴（中国）网络技术有限公司)'],
  ['91110000802100433B', 'Beijing Baidu Netcom Science and Technology Co., Ltd. (北京百度网讯科技有限公司)'],
  ['91110108551385082Q', 'Xiaomi Technology Co., Ltd. (小米科技有限责任公司)'],
  ['91350100M000100Y43', 'the example code widely used in USCI documentation (Fuzhou)'],
] as const;

describe('usciCheckChar', () => {
  it.each(REAL_USCI)('computes the check character of %s (%s)', (code) => {
    expect(usciCheckChar(code.slice(0, 17))).toBe(code.charAt(17));
  });

  it('writes a result of 31 (weighted sum divisible by 31) as 0', () => {
    // Huawei's body with a different 17th character, chosen so that the weighted sum is a multiple of 31.
    expect(usciCheckChar('9144030019220382Y')).toBe('0');
    expect(isValidUsci('9144030019220382Y0')).toBe(true);
  });

  it.each([
    ['too short', '9144030019220382'],
    ['too long', '914403001922038216'],
    ['lower case', '9a440300192203821'],
    ['forbidden letter I', '9144030019220382I'],
    ['forbidden letter O', 'O1440300192203821'],
  ])('returns null when the input is %s', (_label, s) => expect(usciCheckChar(s)).toBeNull());
});

describe('isValidUsci', () => {
  it.each(REAL_USCI)('accepts %s (%s)', (code) => expect(isValidUsci(code)).toBe(true));

  it.each([
    ['wrong check character', '914403001922038217'],
    ['wrong check character (letter)', '91440300708461136U'],
    ['two digits swapped', '914403001922083216'],
    ['one digit changed', '914403001922038316'],
    ['lower case (only upper case is valid here)', '91440300708461136t'],
    ['contains I', '91440300I922038216'],
    ['contains O', '91440300O922038216'],
    ['contains Z', '91440300Z922038216'],
    ['contains S', '91440300S922038216'],
    ['contains V', '91440300V922038216'],
    ['letter in the division code (positions 3-8)', '9144A3001922038216'],
    ['17 characters', '91440300192203821'],
    ['19 characters', '9144030019220382160'],
    ['old 15-digit registration number', '440301104001819'],
    ['with a space', '91440300 192203821'],
    ['empty', ''],
  ])('rejects %s', (_label, s) => expect(isValidUsci(s)).toBe(false));
});

describe('isUsciFormat', () => {
  it('checks layout only, not the check character', () => {
    expect(isUsciFormat('914403001922038217')).toBe(true);
    expect(isUsciFormat('91440300I922038216')).toBe(false);
  });
});

describe('zUsci', () => {
  const messages = (v: unknown) => zUsci.safeParse(v).error?.issues.map((i) => i.message) ?? [];

  it('trims and upper-cases before checking', () => {
    expect(zUsci.parse(' 91440300708461136t ')).toBe('91440300708461136T');
    expect(zUsci.parse('91350100m000100y43')).toBe('91350100M000100Y43');
  });

  it('uses the format key for layout errors', () => {
    expect(messages('9144030019220382')).toEqual(['v.usci.format']);
    expect(messages('91440300I922038216')).toEqual(['v.usci.format']);
  });

  it('uses the checksum key for a wrong check character, and only then', () => {
    expect(messages('914403001922038217')).toEqual(['v.usci.checksum']);
  });

  it('reports a blank code as required', () => {
    expect(zUsci.safeParse('  ').error?.issues.map((i) => i.code)).toEqual(['too_small']);
  });
});
