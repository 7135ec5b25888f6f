import { z } from 'zod';
import { LIMITS } from '../limits.ts';

// A pragmatic shape check, not RFC 5322: an unquoted local part of atext characters with single dots, an `@`,
// and a domain of at least two LDH labels (no leading or trailing hyphen) whose last one is alphabetic.
const LOCAL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const LOCAL_MAX = 64;
const DOMAIN_MAX = 255;

/** E-mail shape of spec 5, at most 320 characters. Case is kept: lower-casing is the caller's choice. */
export function isValidEmail(s: string): boolean {
  if (s.length > LIMITS.emailMax) return false;
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  return (
    local.length <= LOCAL_MAX && domain.length <= DOMAIN_MAX && LOCAL_RE.test(local) && DOMAIN_RE.test(domain)
  );
}

/** Trims surrounding blanks (pasted addresses often carry them), then checks length and shape. */
export const zEmail = z
  .string()
  .trim()
  .min(1, { abort: true })
  .max(LIMITS.emailMax, { error: 'v.email.tooLong', abort: true })
  .refine(isValidEmail, { error: 'v.email.format' });
