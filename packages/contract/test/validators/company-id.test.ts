import { describe, it, expect } from 'vitest';
import { isForeignCompanyIdType } from '../../src/validators/index.ts';

describe('isForeignCompanyIdType', () => {
  it.each(['1234567890311234', '0000000000710000', 'ABCDEFGHIJ31', 'ABCDEFGHIJ71XYZ'])(
    'is true when characters 11-12 are 31 or 71: %s',
    (id) => expect(isForeignCompanyIdType(id)).toBe(true),
  );

  it.each([
    ['other code at 11-12', '1234567890411234'],
    ['31 one position early', '1234567893111234'],
    ['71 one position late', '1234567890071234'],
    ['too short to reach 11-12', '1234567890'],
    ['only character 11', '12345678903'],
    ['empty', ''],
  ])('is false for %s', (_label, id) => expect(isForeignCompanyIdType(id)).toBe(false));
});
