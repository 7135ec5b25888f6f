import { z } from 'zod';

// ISO 3779: 17 characters, digits and upper case letters except I, O and Q.
const VIN_RE = /^[A-HJ-NPR-Z0-9]{17}$/;
// ISO 3779 / FMVSS 115 transliteration: the letter at index i of VIN_LETTERS stands for the digit at index i.
const VIN_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const VIN_LETTER_VALUES = '12345678123457923456789';
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** 17 characters from the VIN charset (upper case only). */
export function isVinFormat(s: string): boolean {
  return VIN_RE.test(s);
}

/**
 * The check digit (position 9) a VIN should carry: '0'-'9', or 'X' for a remainder of 10. Position 9 itself
 * has weight 0, so any character may stand there. Returns '' when `vin` is not in VIN format.
 */
export function vinCheckDigit(vin: string): string {
  if (!isVinFormat(vin)) return '';
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin.charAt(i);
    const value =
      ch >= '0' && ch <= '9' ? Number(ch) : Number(VIN_LETTER_VALUES.charAt(VIN_LETTERS.indexOf(ch)));
    sum += value * (VIN_WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * Whether the check digit is mandatory for this VIN. ISO 3779 leaves it optional; North America (WMI
 * starting 1-5, FMVSS 115) and China (WMI starting L, GB 16735) mandate it. European and most other VINs
 * use position 9 freely, so enforcing it there would reject real vehicles.
 */
export function vinRequiresCheckDigit(vin: string): boolean {
  return /^[1-5L]/.test(vin);
}

/**
 * A VIN in upper case. `requireCheckDigit`: true always checks position 9, false never does; left out, it is
 * checked where the region mandates it (see `vinRequiresCheckDigit`), as `zVin` does.
 */
export function isValidVin(s: string, opts: { requireCheckDigit?: boolean } = {}): boolean {
  if (!isVinFormat(s)) return false;
  const check = opts.requireCheckDigit ?? vinRequiresCheckDigit(s);
  return !check || vinCheckDigit(s) === s.charAt(8);
}

/** Trims and upper-cases, then checks the format and, where the region mandates it, the check digit. */
export const zVin = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, { abort: true })
  .refine(isVinFormat, { error: 'v.vin.format', abort: true })
  .refine((s) => isValidVin(s), { error: 'v.vin.checksum' });
