import { z } from 'zod';

// Letters, digits and the spec's special characters _ - ! · . , & space @ ( ) ' (· is U+00B7, the middle dot
// of transliterated names); anything else, Chinese included, is refused. A letter is required, which also
// rules out names of digits, symbols or spaces only.
const COMPANY_EN_CHARS_RE = /^[A-Za-z0-9_\-!\u00B7.,& @()']+$/;

/** Company English name rule of spec 5. */
export function isValidCompanyEnglishName(s: string): boolean {
  return COMPANY_EN_CHARS_RE.test(s) && /[A-Za-z]/.test(s);
}

/** Trimmed first, so a spaces-only entry reads as empty (required) rather than as a format error. */
export const zCompanyEnglishName = z
  .string()
  .trim()
  .min(1, { abort: true })
  .refine(isValidCompanyEnglishName, { error: 'v.companyEnName.format' });
