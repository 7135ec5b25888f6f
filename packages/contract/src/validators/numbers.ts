import { z } from 'zod';
import { LIMITS } from '../limits.ts';

export type TNumberInputOptions = { integerDigits?: number; decimalDigits?: number };

// An optional minus sign, digits, and an optional '.' with digits; either side of the '.' may still be empty
// while the user types. Anything else (letters, a second '.', blanks, exponents) is not a number in progress.
const NUMBER_IN_PROGRESS_RE = /^(-?)(\d*)(?:(\.)(\d*))?$/;

/**
 * Normalises a number while it is typed (spec 5): keeps the first 9 integer digits and 4 decimals (by
 * default), turns a missing integer part into 0 ('.5' -> '0.5') and keeps a trailing '.' ('12.' stays).
 * Input that is not a number in progress is returned unchanged, so the field's validator can report it.
 */
export function normalizeNumberInput(raw: string, opts: TNumberInputOptions = {}): string {
  const integerDigits = opts.integerDigits ?? LIMITS.numberIntegerDigits;
  const decimalDigits = opts.decimalDigits ?? LIMITS.numberDecimalDigits;
  const m = NUMBER_IN_PROGRESS_RE.exec(raw);
  if (!m || raw === '' || raw === '-') return raw;
  const [, sign = '', intPart = '', dot = '', decimals = ''] = m;
  const int = intPart === '' && dot ? '0' : intPart.slice(0, integerDigits);
  if (!dot) return sign + int;
  // With no decimals allowed, the '.' is dropped too rather than left dangling.
  if (decimalDigits <= 0) return sign + int;
  return `${sign}${int}.${decimals.slice(0, decimalDigits)}`;
}

/** Number-only input: drops every character that is not an ASCII digit. */
export function stripNonDigits(s: string): string {
  return s.replace(/[^0-9]/g, '');
}

/** Decimal input: keeps only ASCII digits, '.' and '/'. */
export function sanitizeDecimalInput(s: string): string {
  return s.replace(/[^0-9./]/g, '');
}

// A finished non-negative decimal: '12', '12.5', '12.' and '.5' (what the inputs above can leave behind).
const DECIMAL_RE = /^(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** Splits a non-negative decimal into significant integer digits and significant decimals, or null. */
function decimalParts(v: string | number): { int: string; dec: string } | null {
  let s: string;
  if (typeof v === 'number') {
    // String() gives the shortest round-trip form; an exponent means >= 1e21 or < 1e-6, both out of range.
    if (!Number.isFinite(v) || v < 0) return null;
    s = String(v);
  } else {
    s = v.trim();
  }
  const m = DECIMAL_RE.exec(s);
  // Hundreds of digits match the pattern but overflow to Infinity.
  if (!m || !Number.isFinite(Number(s))) return null;
  const int = (m[1] ?? '').replace(/^0+/, '');
  const dec = (m[2] ?? m[3] ?? '').replace(/0+$/, '');
  return { int, dec };
}

/** A number >= 0 given as a number or a numeric string (no sign, no exponent, no blanks inside). */
export function isNonNegativeNumber(v: string | number): boolean {
  return decimalParts(v) !== null;
}

/**
 * Weight rule of spec 5: a number >= 0 with at most 9 integer digits and 4 decimals. Leading zeros and
 * trailing decimal zeros do not count, since the rule is about the value ('0012.50000' is 12.5).
 */
export function isValidWeight(v: string | number): boolean {
  const parts = decimalParts(v);
  return (
    parts !== null &&
    parts.int.length <= LIMITS.numberIntegerDigits &&
    parts.dec.length <= LIMITS.numberDecimalDigits
  );
}

/** Weight: a number or numeric string in, a number out. */
export const zWeight = z
  .union([z.number(), z.string()], { error: 'v.weight.format' })
  .refine(isValidWeight, { error: 'v.weight.format' })
  .transform((v) => Number(v));

/** Other numeric fields (spec 5): a number >= 0, given as a number or numeric string; a number out. */
export const zNonNegativeNumber = z
  .union([z.number(), z.string()], { error: 'v.number.format' })
  .refine(isNonNegativeNumber, { error: 'v.number.format' })
  .transform((v) => Number(v));

/**
 * A non-negative whole number of a request that lands in a PostgreSQL `integer` (an id, a block height, a
 * tree size): a larger one is refused here with the field's name instead of failing in the database.
 */
export const zInt4Input = () => z.coerce.number().int().min(0).max(LIMITS.maxInt4);
