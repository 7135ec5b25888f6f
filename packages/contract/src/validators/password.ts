import { z } from 'zod';
import { LIMITS } from '../limits.ts';

// Visible ASCII (0x21-0x7E) is exactly "letters, digits, English symbols and underscore": it leaves out the
// space, Chinese characters and full-width (Chinese) punctuation the spec forbids.
const PASSWORD_CHARS_RE = /^[\x21-\x7E]+$/;

/** Password rule of spec 5: 8-20 visible ASCII characters, with upper and lower case letters and a digit. */
export function isValidPassword(s: string): boolean {
  return (
    s.length >= LIMITS.passwordMin &&
    s.length <= LIMITS.passwordMax &&
    PASSWORD_CHARS_RE.test(s) &&
    /[A-Z]/.test(s) &&
    /[a-z]/.test(s) &&
    /[0-9]/.test(s)
  );
}

/** One message for every failure: the rule is short enough to state whole, and users fix it in one go. */
export const zPassword = z
  .string()
  .min(1, { abort: true })
  .refine(isValidPassword, { error: 'v.password.format' });

/**
 * A `superRefine` callback for forms that repeat the password: flags the confirmation field when the two
 * differ. Use: `z.object({ password: zPassword, confirm: z.string() })
 *   .superRefine(checkPasswordConfirmation('password', 'confirm'))`.
 */
export function checkPasswordConfirmation<P extends string, C extends string>(passwordKey: P, confirmKey: C) {
  return (value: Record<P | C, unknown>, ctx: z.RefinementCtx): void => {
    if (value[passwordKey] === value[confirmKey]) return;
    ctx.addIssue({
      code: 'custom',
      message: 'v.password.mismatch',
      path: [confirmKey],
      input: value[confirmKey],
    });
  };
}
