import { z } from 'zod';

// GB 32100-2015: 31 characters, the digits and the upper case letters without I, O, Z, S and V. A
// character's value is its index here.
const USCI_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
// Weight of position i (0-based) is 3^i mod 31.
const USCI_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

const C = '0-9A-HJ-NP-RTUW-Y';
// Registration authority (1), type (2), administrative division (3-8, digits), subject id (9-17), check (18).
// Positions 1-2 are not narrowed to today's code lists: the authorities add codes, and the check character
// already catches typing errors.
const USCI_FORMAT_RE = new RegExp(`^[${C}]{2}[0-9]{6}[${C}]{9}[${C}]$`);

/** The check character for the first 17 characters, or null when they are not 17 valid characters. */
export function usciCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = USCI_CHARSET.indexOf(first17.charAt(i));
    if (value < 0) return null;
    sum += value * (USCI_WEIGHTS[i] ?? 0);
  }
  // C18 = 31 - (sum mod 31); a result of 31 is written as the character of value 0.
  return USCI_CHARSET.charAt((31 - (sum % 31)) % 31);
}

/** Layout only: 18 characters of the USCI charset with digits at positions 3-8. Upper case only. */
export function isUsciFormat(s: string): boolean {
  return USCI_FORMAT_RE.test(s);
}

/** A unified social credit code (统一社会信用代码) with a correct check character. Upper case only. */
export function isValidUsci(s: string): boolean {
  return isUsciFormat(s) && usciCheckChar(s.slice(0, 17)) === s.charAt(17);
}

/** Trims and upper-cases (codes are often typed in lower case), then checks layout and check character. */
export const zUsci = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, { abort: true })
  .refine(isUsciFormat, { error: 'v.usci.format', abort: true })
  .refine(isValidUsci, { error: 'v.usci.checksum' });
