/**
 * Exact decimals (weights, carbon results) between the API and numeric columns. Values are validated by the
 * contract to at most 9 integer digits and 4 decimals, which a double holds exactly enough that String()
 * gives them back digit for digit and never with an exponent.
 */

/** A validated number as the text a numeric column takes; null or absent is no value. */
export const decimalInput = (value: number | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

/** A numeric column's text as the value it is: '12.5000' -> '12.5', '3.0000' -> '3'. */
export function decimalText(value: string): string;
export function decimalText(value: string | null): string | null;
export function decimalText(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
