import { describe, it, expect } from 'vitest';
import { isValidEmail, zEmail } from '../../src/validators/index.ts';

const messages = (v: unknown) => zEmail.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('isValidEmail', () => {
  it.each([
    'a@b.co',
    'john.doe@example.com',
    'John.Doe@Example.COM',
    'first+tag@sub.domain.example.cn',
    "o'brien@example.ie",
    'user_name-1@my-company.com.cn',
    'x@xn--fiqs8s.cn',
  ])('accepts %j', (s) => expect(isValidEmail(s)).toBe(true));

  it.each([
    ['empty', ''],
    ['no at sign', 'example.com'],
    ['no local part', '@example.com'],
    ['no domain', 'john@'],
    ['two at signs', 'john@doe@example.com'],
    ['domain without dot', 'john@localhost'],
    ['numeric top-level domain', 'john@example.123'],
    ['one-letter top-level domain', 'john@example.c'],
    ['leading dot in local part', '.john@example.com'],
    ['trailing dot in local part', 'john.@example.com'],
    ['double dot in local part', 'jo..hn@example.com'],
    ['double dot in domain', 'john@example..com'],
    ['label starting with hyphen', 'john@-example.com'],
    ['label ending with hyphen', 'john@example-.com'],
    ['space inside', 'john doe@example.com'],
    ['Chinese local part', '张三@example.com'],
    ['full-width at sign', 'john＠example.com'],
    ['local part over 64', `${'a'.repeat(65)}@example.com`],
    [
      'over 320 characters',
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(63)}.com`,
    ],
  ])('rejects %s', (_label, s) => expect(isValidEmail(s)).toBe(false));

  it('accepts an address of exactly 320 characters', () => {
    // 64 + 1 + 255 = 320: the longest address the limits allow.
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(59)}.com`;
    const s = `${'a'.repeat(64)}@${domain}`;
    expect(s).toHaveLength(320);
    expect(isValidEmail(s)).toBe(true);
  });
});

describe('zEmail', () => {
  it('trims but keeps the case', () => {
    expect(zEmail.parse('  John.Doe@Example.com ')).toBe('John.Doe@Example.com');
  });

  it('reports a bad shape with the validator key', () => {
    expect(messages('john@')).toEqual(['v.email.format']);
  });

  it('reports an over-long address once, with its own key', () => {
    expect(messages(`${'a'.repeat(320)}@example.com`)).toEqual(['v.email.tooLong']);
  });

  it('reports a blank address as required only', () => {
    const issues = zEmail.safeParse('   ').error?.issues ?? [];
    expect(issues.map((i) => i.code)).toEqual(['too_small']);
  });
});
