import type { Query } from 'drizzle-orm';

/** The statement that opens a tenant transaction (platform/tenancy.ts), in the two forms its callers send. */
export interface Prelude {
  /** Answers one row, or none (having set nothing) when a condition in it fails. */
  select: Query;
  /**
   * Answers one row, and fails with {@link PRELUDE_REFUSED_MARK} in its message when the condition fails:
   * the statements sent behind it, before its answer, then fail with the transaction.
   */
  guard: Query;
  /**
   * The same two forms without a cached session's proof, and the count of changes of sessions' facts the
   * database had committed when the session was resolved (PGlite only, db/pglite-statements.ts
   * `sessionFactsChanges`): taken instead, once the transaction holds the connection, if the count is still
   * the same, since nothing the proof compares has changed then.
   */
  unproven?: { select: Query; guard: Query; sessionFactsChanges: number };
}

/** What a refused guard's error message holds (an integer cast of this text fails). */
export const PRELUDE_REFUSED_MARK = 'tracehub-prelude-refused';

/**
 * The prelude of a transaction was refused (a condition in it failed): nothing the transaction did is kept,
 * and it is rolled back.
 */
export class PreludeRefused extends Error {
  constructor() {
    super('the opening statement of the transaction returned no row');
  }
}

/** Whether a statement failed because a guard refused (its error carries PRELUDE_REFUSED_MARK). */
export const isRefusal = (err: unknown): boolean =>
  err instanceof Error && err.message.includes(PRELUDE_REFUSED_MARK);
