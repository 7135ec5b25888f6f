import { attachmentMissing } from './attachment-missing.ts';
import { datesOutOfOrder } from './dates-out-of-order.ts';
import { highCostPartWithoutSource } from './high-cost-part-without-source.ts';
import { lotBalance } from './lot-balance.ts';
import { materialUnmapped } from './material-unmapped.ts';
import { receiptNotShipped } from './receipt-not-shipped.ts';
import { partnerRiskMatches } from './partner-risk.ts';
import { recordUnsealed } from './record-unsealed.ts';
import { riskAreaCheck } from './risk-area.ts';
import { supplierUncertified } from './supplier-uncertified.ts';
import type { Check } from './types.ts';
import { vinWithoutProduction } from './vin-without-production.ts';

/** The library of checks. */
export const CHECKS: readonly Check[] = [
  vinWithoutProduction,
  receiptNotShipped,
  lotBalance,
  materialUnmapped,
  datesOutOfOrder,
  attachmentMissing,
  recordUnsealed,
  supplierUncertified,
  highCostPartWithoutSource,
  riskAreaCheck(partnerRiskMatches),
];

const BY_ID = new Map(CHECKS.map((c) => [c.id, c]));
export const checkById = (id: string): Check | undefined => BY_ID.get(id);

/** A check's name in both languages; its id when the library no longer has it (a finding of an old run). */
export function checkNameOf(id: string): { zh: string; en: string } {
  return checkById(id)?.name ?? { zh: id, en: id };
}
