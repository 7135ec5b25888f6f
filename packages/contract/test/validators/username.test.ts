import { describe, it, expect } from 'vitest';
import { isValidUsername, zUsername } from '../../src/validators/index.ts';

const messages = (v: unknown) => zUsername.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('isValidUsername', () => {
  it.each(['alice', 'Alice', 'a', 'alice2024', '2024alice', 'a_b-c!', '_a', '!!!a---', 'a'.repeat(30)])(
    'accepts %j',
    (s) => expect(isValidUsername(s)).toBe(true),
  );

  it.each([
    ['empty', ''],
    ['digits only', '123456'],
    ['hyphens only', '---'],
    ['underscores only', '___'],
    ['exclamation marks only', '!!!'],
    ['digits and symbols only', '12_-!'],
    ['Chinese', '张三'],
    ['Chinese with letters', 'zhang张'],
    ['inner space', 'john doe'],
    ['leading space', ' john'],
    ['trailing space', 'john '],
    ['other symbol @', 'john@doe'],
    ['other symbol .', 'john.doe'],
    ['full-width letters', 'ａｂｃ'],
    ['accented letter', 'josé'],
    ['31 characters', 'a'.repeat(31)],
  ])('rejects %s', (_label, s) => expect(isValidUsername(s)).toBe(false));
});

describe('zUsername', () => {
  it('passes a valid username through unchanged', () => {
    expect(zUsername.parse('Bob_2024!')).toBe('Bob_2024!');
  });

  it('does not trim: surrounding spaces are a format error', () => {
    expect(messages(' bob ')).toEqual(['v.username.format']);
  });

  it('reports a bad format with the validator key', () => {
    expect(messages('12345')).toEqual(['v.username.format']);
    expect(messages('李雷')).toEqual(['v.username.format']);
  });

  it('reports a too long name once, with its own key', () => {
    expect(messages('a'.repeat(31))).toEqual(['v.username.tooLong']);
    expect(messages('1'.repeat(31))).toEqual(['v.username.tooLong']);
  });

  it('reports an empty name as a required (too_small) issue only', () => {
    const issues = zUsername.safeParse('').error?.issues ?? [];
    expect(issues).toHaveLength(1);
    expect(issues[0]?.code).toBe('too_small');
  });

  it('rejects non-strings', () => {
    expect(zUsername.safeParse(123).success).toBe(false);
    expect(zUsername.safeParse(undefined).success).toBe(false);
  });
});
