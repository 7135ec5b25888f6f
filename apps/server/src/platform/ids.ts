/** Largest value of a serial (integer) id column. */
const MAX_ROW_ID = 2_147_483_647;

/**
 * Whether a number can name a row of a serial id column. The contract accepts any integer; a larger one
 * names no row and must not reach the database, where it would fail as out of range.
 */
export const isRowId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= MAX_ROW_ID;
