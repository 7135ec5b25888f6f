import { z } from 'zod';
import { LIMITS } from '../limits.ts';

const CODE_RE = new RegExp(`^[A-Za-z0-9]{${LIMITS.verificationCodeLength}}$`);

/** Verification code of spec 5: exactly 6 ASCII letters or digits. */
export function isValidVerifyCode(s: string): boolean {
  return CODE_RE.test(s);
}

/** Required; surrounding blanks from copy and paste are trimmed before the check. */
export const zVerifyCode = z
  .string()
  .trim()
  .min(1, { abort: true })
  .refine(isValidVerifyCode, { error: 'v.code.format' });
