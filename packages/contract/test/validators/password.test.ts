import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { checkPasswordConfirmation, isValidPassword, zPassword } from '../../src/validators/index.ts';

describe('isValidPassword', () => {
  it.each([
    'Abcdefg1',
    'Passw0rd',
    'aB3_____',
    'Abc123!@#$%^&*()-+=',
    'A1a' + 'x'.repeat(17),
    'Zz9~`[]{}|\\;:\'",.<>/',
  ])('accepts %j', (s) => expect(isValidPassword(s)).toBe(true));

  it('accepts the boundaries 8 and 20 and rejects 7 and 21', () => {
    expect(isValidPassword('Abcdef12')).toBe(true);
    expect(isValidPassword('Abcdef1234567890abcd')).toBe(true);
    expect(isValidPassword('Abcde12')).toBe(false);
    expect(isValidPassword('Abcdef1234567890abcde')).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['no upper case', 'abcdefg1'],
    ['no lower case', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
    ['symbols only', '!@#$%^&*'],
    ['space inside', 'Abcd 1234'],
    ['leading space', ' Abcd1234'],
    ['tab', 'Abcd\t1234'],
    ['Chinese', 'Abcd1234密码'],
    ['Chinese comma', 'Abcd1234，'],
    ['Chinese full stop', 'Abcd1234。'],
    ['full-width exclamation', 'Abcd1234！'],
    ['full-width digits', 'Abcdｄ１２３'],
    ['accented letter', 'Ábcd1234'],
  ])('rejects %s', (_label, s) => expect(isValidPassword(s)).toBe(false));
});

describe('zPassword', () => {
  it('accepts a valid password as is', () => {
    expect(zPassword.parse('Secret_123')).toBe('Secret_123');
  });

  it('reports one format issue with the validator key', () => {
    const issues = zPassword.safeParse('secret').error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(['v.password.format']);
  });

  it('reports an empty password as required only', () => {
    const issues = zPassword.safeParse('').error?.issues ?? [];
    expect(issues.map((i) => i.code)).toEqual(['too_small']);
  });
});

describe('checkPasswordConfirmation', () => {
  const form = z
    .object({ password: zPassword, confirmPassword: z.string() })
    .superRefine(checkPasswordConfirmation('password', 'confirmPassword'));

  it('accepts matching passwords', () => {
    expect(form.safeParse({ password: 'Secret_123', confirmPassword: 'Secret_123' }).success).toBe(true);
  });

  it('flags the confirmation field with the mismatch key', () => {
    const issues = form.safeParse({ password: 'Secret_123', confirmPassword: 'Secret_124' }).error?.issues;
    expect(issues).toHaveLength(1);
    expect(issues?.[0]?.message).toBe('v.password.mismatch');
    expect(issues?.[0]?.path).toEqual(['confirmPassword']);
  });
});
