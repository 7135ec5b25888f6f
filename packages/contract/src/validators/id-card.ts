import { z } from 'zod';

// GB 11643-1999: 6-digit region, 8-digit birth date, 3-digit sequence, ISO 7064 MOD 11-2 check character.
const ID_FORMAT_RE = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dX]$/;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** The check character for the first 17 digits, or null when they are not 17 digits. */
export function chineseIdCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17.charAt(i)) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK_CHARS.charAt(sum % 11);
}

/** 18 characters whose birth date (positions 7-14) is a real calendar day, not in the future. */
export function isChineseIdFormat(s: string, now: Date = new Date()): boolean {
  const m = ID_FORMAT_RE.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const birth = new Date(Date.UTC(year, month - 1, day));
  const realDay =
    birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  return realDay && birth.getTime() <= now.getTime();
}

/**
 * An 18-character resident identity card number (居民身份证号码) with a correct check character; the old
 * 15-digit numbers were replaced in 2013 and are refused. Upper case X only.
 */
export function isValidChineseIdNumber(s: string): boolean {
  return isChineseIdFormat(s) && chineseIdCheckChar(s.slice(0, 17)) === s.charAt(17);
}

/** Trims and upper-cases a trailing x, then checks layout and check character. */
export const zChineseIdNumber = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, { abort: true })
  .refine((s) => isChineseIdFormat(s), { error: 'v.idCard.format', abort: true })
  .refine(isValidChineseIdNumber, { error: 'v.idCard.checksum' });
