import { z } from 'zod';
import { LIMITS } from '../limits.ts';

// ASCII letters, digits and _ - ! only (so no Chinese, no spaces), with at least one letter: a name made of
// digits and symbols alone is refused by the spec.
const USERNAME_RE = /^(?=.*[A-Za-z])[A-Za-z0-9_!-]+$/;

/** Username rule of spec 5: letters (optionally with digits and _ - !), 1 to 30 characters. */
export function isValidUsername(s: string): boolean {
  return s.length <= LIMITS.usernameMax && USERNAME_RE.test(s);
}

/** Not trimmed on purpose: a space anywhere is an error the user should see, not something we hide. */
export const zUsername = z
  .string()
  .min(1, { abort: true })
  .max(LIMITS.usernameMax, { error: 'v.username.tooLong', abort: true })
  .regex(USERNAME_RE, { error: 'v.username.format' });
