import { describe, it, expect } from 'vitest';
import { VALIDATOR_MESSAGES } from '../../src/validators/index.ts';
import { VALIDATION_MESSAGES, describeIssue } from '../../src/i18n/validation.ts';
import { zEmail } from '../../src/validators/index.ts';

const REQUIRED_KEYS = [
  'v.username.format',
  'v.email.format',
  'v.password.format',
  'v.password.mismatch',
  'v.code.format',
  'v.companyEnName.format',
  'v.usci.format',
  'v.usci.checksum',
  'v.vin.format',
  'v.vin.checksum',
  'v.number.format',
  'v.weight.format',
  'v.image.type',
  'v.file.tooLarge',
  'v.idCard.format',
];

describe('VALIDATOR_MESSAGES', () => {
  const entries = Object.entries(VALIDATOR_MESSAGES);

  it('has the keys the schemas and the brief rely on', () => {
    for (const key of REQUIRED_KEYS) expect(VALIDATOR_MESSAGES).toHaveProperty([key]);
  });

  it.each(entries)('%s has non-empty, different zh and en texts', (key, text) => {
    expect(key.startsWith('v.')).toBe(true);
    expect(text.zh.trim()).not.toBe('');
    expect(text.en.trim()).not.toBe('');
    expect(text.zh).not.toBe(text.en);
  });

  it('zh texts are Chinese and en texts are not', () => {
    for (const [, text] of entries) {
      expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(text.en).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('keeps the wording the spec quotes', () => {
    expect(VALIDATOR_MESSAGES['v.email.format'].en).toBe('invalid email address');
    expect(VALIDATOR_MESSAGES['v.password.mismatch'].en).toBe('Inconsistent password input');
    expect(VALIDATOR_MESSAGES['v.image.type'].en).toBe('Only jpg/jpeg/png');
    expect(VALIDATOR_MESSAGES['v.file.tooLarge'].en).toBe('Max5MB');
    expect(VALIDATOR_MESSAGES['v.usci.format'].zh).toContain('统一社会信用代码');
    expect(VALIDATOR_MESSAGES['v.vin.format'].zh).toContain('车架号');
  });

  it('is part of the validation catalogue, so describeIssue translates the keys', () => {
    for (const key of Object.keys(VALIDATOR_MESSAGES)) expect(VALIDATION_MESSAGES).toHaveProperty([key]);
    const issue = zEmail.safeParse('not-an-email').error?.issues[0];
    expect(issue).toBeDefined();
    if (!issue) return;
    expect(describeIssue(issue, 'en')).toBe('invalid email address');
    expect(describeIssue(issue, 'zh')).toBe('邮箱地址格式不正确');
  });
});
