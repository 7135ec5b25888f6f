import type { TDocumentTypeDef } from '@tracehub/contract';

// Returnable quantities (spec 5 "Deletion and returns", 8). Quantities have at most 4 decimals, so they are
// summed as integers of 1/10,000 to stay exact however many lines there are.

const SCALE = 10_000;
const scaled = (q: string | number | null | undefined) => Math.round(Number(q ?? 0) * SCALE);

/** The sum of the lines' quantities (blank counts as 0). */
export function sumQuantities(lines: readonly { quantity: string | number | null }[]): number {
  return lines.reduce((sum, l) => sum + scaled(l.quantity), 0) / SCALE;
}

/** What is left to return of the source lines after the other returns against them. */
export function returnableLeft(
  sources: readonly { quantity: string | number | null }[],
  returns: readonly { quantity: string | number | null }[],
): number {
  return Math.max(0, (scaled(sumQuantities(sources)) - scaled(sumQuantities(returns))) / SCALE);
}

/**
 * How a return whose goods are not found is refused, as a request's error and as an import row's reason:
 * a sales return names sales data (spec 8 "no sales data found"), a purchase return a receipt.
 */
export const returnSourceMissing = (def: TDocumentTypeDef) =>
  def.code === 'SaleReturn'
    ? ({ error: 'RETURN_SOURCE_MISSING', reason: 'v.document.noSalesData' } as const)
    : ({ error: 'RETURN_RECEIPT_MISSING', reason: 'v.document.noReceiptData' } as const);
