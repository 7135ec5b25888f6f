import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { codeRuleSample, ZIdRuleInput } from '@tracehub/contract';

import {
  DEFAULT_ID_ELEMENTS,
  ID_LENGTH,
  ruleStructure,
  totalLength,
} from '../src/features/operator/rules/idRuleModel';

describe('code rule sample', () => {
  const day = new Date(2026, 10, 20, 10, 0, 0);

  it('joins prefix, date and the first serial number like the server', () => {
    expect(codeRuleSample({ prefix: 'TH', dateFormat: 'YYYYMMDD', serialLength: 6 }, day)).toBe(
      'TH-20261120-000001',
    );
    expect(codeRuleSample({ prefix: 'BATCH', dateFormat: 'YYYYMM', serialLength: 4 }, day)).toBe(
      'BATCH-202611-0001',
    );
  });

  it('leaves out empty parts', () => {
    expect(codeRuleSample({ prefix: '', dateFormat: 'none', serialLength: 3 }, day)).toBe('001');
    expect(codeRuleSample({ prefix: 'A', dateFormat: 'YYMMDD' }, day)).toBe('A-261120');
  });
});

describe('ID rule elements', () => {
  const t = ((key: string) => key.split('.').at(-1) ?? key) as unknown as TFunction;

  it('start as a valid 32-character rule', () => {
    expect(totalLength(DEFAULT_ID_ELEMENTS)).toBe(ID_LENGTH);
    const parsed = ZIdRuleInput.safeParse({ name: 'r', codeType: 'product', elements: DEFAULT_ID_ELEMENTS });
    expect(parsed.success).toBe(true);
  });

  it('count only lengths that are numbers', () => {
    expect(totalLength([{ length: 3 }, {}, { length: 4 }])).toBe(7);
    expect(totalLength(undefined)).toBe(0);
  });

  it('read as one line with custom texts', () => {
    const line = ruleStructure(
      [
        { element: 'countryCode', length: 3, kind: 'default' },
        { element: 'custom', length: 2, kind: 'additional', value: 'BP' },
      ],
      { t, lang: 'en' },
    );
    expect(line).toBe('countryCode(3) + custom "BP"(2)');
  });
});
