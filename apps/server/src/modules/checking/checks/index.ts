import { balanceKind } from './balance.ts';
import { datesKind } from './dates.ts';
import { evidenceKind } from './evidence.ts';
import { papersKind } from './papers.ts';
import { counterpartyKind, currencyKind, relatedKind } from './related.ts';
import { riskKind } from './risk.ts';
import { suppliersKind } from './suppliers.ts';
import type { CheckDef, CheckKind } from './types.ts';
import { vinKind } from './vin.ts';

/** The kinds of check, in the order a package lists and a run runs them. */
export const CHECK_KINDS: readonly CheckKind[] = [
  vinKind,
  suppliersKind,
  balanceKind,
  datesKind,
  relatedKind,
  counterpartyKind,
  currencyKind,
  papersKind,
  evidenceKind,
  riskKind,
] as readonly CheckKind[];

/** The library of checks, kind by kind. */
export const CHECKS: readonly CheckDef[] = CHECK_KINDS.flatMap((k) => k.checks);

const BY_ID = new Map(CHECKS.map((c) => [c.id, c]));
const KIND_OF = new Map(CHECK_KINDS.flatMap((k) => k.checks.map((c) => [c.id, k] as const)));
export const checkById = (id: string): CheckDef | undefined => BY_ID.get(id);
export const kindOf = (id: string): CheckKind | undefined => KIND_OF.get(id);

/**
 * Checks of earlier versions of the library that one check of it now does per stage or type: their names,
 * for the findings of old runs.
 */
const RETIRED: Readonly<Record<string, { zh: string; en: string }>> = {
  'dates-out-of-order': { zh: '日期顺序错误', en: 'Dates out of order' },
  'attachment-missing': { zh: '缺少必需附件', en: 'Required attachment missing' },
  'record-unsealed': { zh: '记录尚未上链', en: 'Record not yet sealed' },
  'supplier-in-risk-area': { zh: '供应商位于风险区域', en: 'Supplier located in a risk area' },
};

/** A check's name in both languages; its id when the library no longer has it (a finding of an old run). */
export function checkNameOf(id: string): { zh: string; en: string } {
  return checkById(id)?.name ?? RETIRED[id] ?? { zh: id, en: id };
}
