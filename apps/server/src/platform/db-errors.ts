import type { TErrorKey } from '@tracehub/contract';
import { AppError } from './errors.ts';

/**
 * The unique index or constraint a failed write violated (SQLSTATE 23505), or null for any other error.
 * Drizzle wraps the driver's error (node-postgres or PGlite) in `cause`; both carry `code` and `constraint`.
 */
export function violatedUnique(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = cause;
  }
  return null;
}

/**
 * Whether a failure is PostgreSQL's verdict on a value the request carried (SQLSTATE class 22, "data
 * exception": a number beyond a column's range, a NUL byte, a malformed literal). The schemas refuse what
 * they know of first; this is the backstop that answers the rest as the caller's mistake, not a 500.
 */
export function isDataException(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = cause;
  }
  return false;
}

/**
 * Runs a write; a violation of one of the named unique indexes becomes that index's catalogue error. The
 * services check a key is free before writing, so this is a concurrent request that won the race for the
 * same key: the same duplicate, reported the same way.
 */
export async function uniqueAsError<T>(
  write: () => Promise<T>,
  errors: Readonly<Record<string, TErrorKey>>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const index = violatedUnique(err);
    const key = index === null ? undefined : errors[index];
    if (key) throw new AppError(key);
    throw err;
  }
}
