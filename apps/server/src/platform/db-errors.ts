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
