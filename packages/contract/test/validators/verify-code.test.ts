import { describe, it, expect } from 'vitest';
import { isValidVerifyCode, zVerifyCode } from '../../src/validators/index.ts';

describe('isValidVerifyCode', () => {
  it.each(['123456', 'abcdef', 'ABCDEF', 'a1B2c3', '000000'])('accepts %j', (s) =>
    expect(isValidVerifyCode(s)).toBe(true),
  );

  it.each([
    ['empty', ''],
    ['5 characters', '12345'],
    ['7 characters', '1234567'],
    ['symbol', '12345!'],
    ['space inside', '123 45'],
    ['Chinese', '12345六'],
    ['full-width digit', '12345６'],
  ])('rejects %s', (_label, s) => expect(isValidVerifyCode(s)).toBe(false));
});

describe('zVerifyCode', () => {
  it('trims pasted blanks', () => {
    expect(zVerifyCode.parse(' a1B2c3\n')).toBe('a1B2c3');
  });

  it('reports a wrong code with the validator key', () => {
    expect(zVerifyCode.safeParse('12345').error?.issues.map((i) => i.message)).toEqual(['v.code.format']);
  });

  it('is required', () => {
    expect(zVerifyCode.safeParse('').error?.issues.map((i) => i.code)).toEqual(['too_small']);
    expect(zVerifyCode.safeParse(undefined).success).toBe(false);
  });
});
