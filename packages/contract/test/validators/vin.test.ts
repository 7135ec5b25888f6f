import { describe, it, expect } from 'vitest';
import {
  isValidVin,
  isVinFormat,
  vinCheckDigit,
  vinRequiresCheckDigit,
  zVin,
} from '../../src/validators/index.ts';

// VINs whose position 9 matches the computed check digit.
const CHECKED_VINS = [
  ['1M8GDM9AXKP042788', 'X', 'the Wikipedia example (check digit X)'],
  ['11111111111111111', '1', 'all ones'],
  ['1HGCM82633A004352', '3', 'Honda Accord, a common decoder example'],
  ['JHMCM56557C404453', '5', 'Honda (Japan), check digit used though not mandated'],
  ['LSJA24U62JG269225', '2', 'Chinese VIN (WMI LSJ), hutool test data'],
  ['LDC613P23A1305189', '3', 'Chinese VIN (WMI LDC), hutool test data'],
] as const;

describe('vinCheckDigit', () => {
  it.each(CHECKED_VINS)('computes %s -> %s (%s)', (vin, digit) => expect(vinCheckDigit(vin)).toBe(digit));

  it('ignores position 9 itself (weight 0)', () => {
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
  });

  it('returns an empty string for non-VINs', () => {
    expect(vinCheckDigit('1M8GDM9AXKP04278')).toBe('');
    expect(vinCheckDigit('1M8GDM9AXKP0427I8')).toBe('');
  });
});

describe('isValidVin', () => {
  it.each(CHECKED_VINS)('accepts %s in every mode', (vin) => {
    expect(isValidVin(vin)).toBe(true);
    expect(isValidVin(vin, { requireCheckDigit: true })).toBe(true);
    expect(isValidVin(vin, { requireCheckDigit: false })).toBe(true);
  });

  it('accepts a European VIN without a check digit by default (WVWZZZ1JZXW000001)', () => {
    expect(vinCheckDigit('WVWZZZ1JZXW000001')).not.toBe('Z');
    expect(isValidVin('WVWZZZ1JZXW000001')).toBe(true);
    expect(isValidVin('WVWZZZ1JZXW000001', { requireCheckDigit: true })).toBe(false);
  });

  it('rejects a wrong check digit where the region mandates it (North America 1-5, China L)', () => {
    for (const vin of ['1M8GDM9A1KP042788', '11111111211111111', '5YJ3E1EA7KF317000', 'LSJA24U63JG269225']) {
      expect(isValidVin(vin)).toBe(false);
      expect(isValidVin(vin, { requireCheckDigit: false })).toBe(true);
    }
  });

  it.each([
    ['contains I', '1M8GDM9AXKP04278I'],
    ['contains O', '1M8GDM9AXKPO42788'],
    ['contains Q', 'WVWZZZ1JZXWQ00001'],
    ['16 characters', '1M8GDM9AXKP04278'],
    ['18 characters', '1M8GDM9AXKP0427888'],
    ['lower case', '1m8gdm9axkp042788'],
    ['space', '1M8GDM9AX P042788'],
    ['symbol', 'WVWZZZ1JZXW-00001'],
    ['empty', ''],
  ])('rejects %s', (_label, vin) => expect(isValidVin(vin, { requireCheckDigit: false })).toBe(false));
});

describe('vinRequiresCheckDigit', () => {
  it.each(['1', '2', '3', '4', '5', 'L'])('is true for WMIs starting %s', (c) =>
    expect(vinRequiresCheckDigit(`${c}XXXXXXXXXXXXXXXX`)).toBe(true),
  );

  it.each(['6', '9', 'J', 'K', 'S', 'V', 'W', 'Z'])('is false for WMIs starting %s', (c) =>
    expect(vinRequiresCheckDigit(`${c}XXXXXXXXXXXXXXXX`)).toBe(false),
  );
});

describe('isVinFormat', () => {
  it('checks the charset and length only', () => {
    expect(isVinFormat('1M8GDM9A1KP042788')).toBe(true);
    expect(isVinFormat('1M8GDM9A1KP04278Q')).toBe(false);
  });
});

describe('zVin', () => {
  const messages = (v: unknown) => zVin.safeParse(v).error?.issues.map((i) => i.message) ?? [];

  it('trims and upper-cases before checking', () => {
    expect(zVin.parse('  1m8gdm9axkp042788 ')).toBe('1M8GDM9AXKP042788');
    expect(zVin.parse('wvwzzz1jzxw000001')).toBe('WVWZZZ1JZXW000001');
  });

  it('uses the format key for charset and length errors', () => {
    expect(messages('1M8GDM9AXKP04278')).toEqual(['v.vin.format']);
    expect(messages('1M8GDM9AXKP0427Q8')).toEqual(['v.vin.format']);
    expect(messages('1m8gdm9axkpo42788')).toEqual(['v.vin.format']);
  });

  it('uses the checksum key for a wrong North American or Chinese check digit', () => {
    expect(messages('1M8GDM9A1KP042788')).toEqual(['v.vin.checksum']);
    expect(messages('LDC613P24A1305189')).toEqual(['v.vin.checksum']);
  });

  it('does not enforce the check digit elsewhere', () => {
    expect(zVin.safeParse('WVWZZZ1JZXW000001').success).toBe(true);
    expect(zVin.safeParse('JHMCM56550C404453').success).toBe(true);
  });

  it('reports a blank VIN as required', () => {
    expect(zVin.safeParse(' ').error?.issues.map((i) => i.code)).toEqual(['too_small']);
  });
});
